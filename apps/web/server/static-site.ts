// The production server of the built web app (issue 17): dist/ held in memory and served with the
// headers the build wrote into dist/_headers (security-headers.ts says them once), the page for
// every route of the app, hashed assets cached for good, and brotli or gzip when asked for.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import {
  HASHED_ASSETS,
  HEADERS_FILE,
  type HeaderRule,
  headersForPath,
  parseHeadersFile,
} from "../security-headers.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".wasm": "application/wasm",
};
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json)|image\/svg\+xml)/;
/** Below this, compressing saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
/** What every answer that is not a hashed asset carries: use it, but ask again each time. */
const REVALIDATE = "no-cache";

type Encoding = "br" | "gzip";
const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Each file is compressed once per process (precompress, or its first request): the best ratio
  // is worth it for files that never change while the process runs.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
};

interface SiteFile {
  body: Buffer;
  type: string;
  /** A hash of the bytes, so that a revalidation of an unchanged file is a 304. */
  etag: string;
  compressible: boolean;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

export interface StaticSite {
  /** By URL path: "/index.html", "/assets/index-3f2a.js". */
  files: ReadonlyMap<string, SiteFile>;
  rules: readonly HeaderRule[];
}

function siteFile(body: Buffer, path: string): SiteFile {
  const type = TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
  return {
    body,
    type,
    etag: createHash("sha256").update(body).digest("base64url").slice(0, 22),
    compressible: COMPRESSIBLE.test(type) && body.length >= COMPRESS_FROM_BYTES,
    compressed: {},
  };
}

/**
 * Reads the built app in `root` (dist/): every file but the hidden ones (Vite's .vite/manifest.json)
 * and the headers file, which gives the rules. Throws when the build or its headers are missing.
 */
export function loadSite(root: string): StaticSite {
  let headersText: string;
  try {
    headersText = readFileSync(join(root, HEADERS_FILE), "utf8");
  } catch {
    throw new Error(
      `${join(root, HEADERS_FILE)} is missing: build the web app first (pnpm --filter @life-admin/web build)`,
    );
  }
  const files = new Map<string, SiteFile>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relativePath = relative(root, join(entry.parentPath, entry.name));
    const segments = relativePath.split(sep);
    if (relativePath === HEADERS_FILE || segments.some((s) => s.startsWith("."))) continue;
    const urlPath = `/${segments.join("/")}`;
    files.set(urlPath, siteFile(readFileSync(join(root, relativePath)), urlPath));
  }
  if (!files.has("/index.html")) throw new Error(`${root} has no index.html`);
  return { files, rules: parseHeadersFile(headersText) };
}

/** The URL's path, decoded; null when it cannot be. */
function pathOf(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? "/", "http://localhost").pathname);
  } catch {
    return null;
  }
}

const ASSETS_PREFIX = HASHED_ASSETS.slice(0, -1);

/** The file, or the page for a route of the app; never the page for a missing file or asset. */
function fileFor(site: StaticSite, path: string): SiteFile | undefined {
  const page = site.files.get("/index.html");
  if (path === "/") return page;
  const file = site.files.get(path);
  if (file !== undefined) return file;
  // A missing script answered with the page would fail as a syntax error far from its cause.
  if (path.startsWith(ASSETS_PREFIX) || extname(path) !== "") return undefined;
  return page;
}

/** br or gzip by the client's Accept-Encoding (highest q; br on a tie), or null. */
function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const br = weights.get("br") ?? 0;
  const gz = weights.get("gzip") ?? 0;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

function compressed(file: SiteFile, encoding: Encoding): Promise<Buffer> {
  return (file.compressed[encoding] ??= compress[encoding](file.body));
}

/**
 * Compresses every file that can be, one at a time (the app's main script takes about two seconds
 * at brotli's best), so that the first visitors after a start do not wait for it.
 */
export async function precompress(site: StaticSite): Promise<void> {
  for (const file of site.files.values()) {
    if (!file.compressible) continue;
    await compressed(file, "br");
    await compressed(file, "gzip");
  }
}

function send(res: ServerResponse, status: number, headers: Map<string, string>, text: string) {
  const body = Buffer.from(text);
  res.writeHead(status, {
    ...Object.fromEntries(headers),
    "cache-control": "no-store",
    "content-type": "text/plain; charset=utf-8",
    "content-length": body.length,
  });
  res.end(body);
}

async function answer(site: StaticSite, req: IncomingMessage, res: ServerResponse) {
  const path = pathOf(req.url);
  const headers = headersForPath(site.rules, path ?? "/");
  if (req.method !== "GET" && req.method !== "HEAD") {
    send(res, 405, headers.set("allow", "GET, HEAD"), "Method Not Allowed");
    return;
  }
  const file = path === null ? undefined : fileFor(site, path);
  if (file === undefined) {
    send(res, 404, headers, "Not Found");
    return;
  }
  const encoding = file.compressible ? encodingFor(req.headers["accept-encoding"]) : null;
  const etag = `"${file.etag}${encoding === null ? "" : `-${encoding}`}"`;
  headers.set("content-type", file.type);
  if (!headers.has("cache-control")) headers.set("cache-control", REVALIDATE);
  headers.set("etag", etag);
  if (file.compressible) headers.set("vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, Object.fromEntries(headers));
    res.end();
    return;
  }
  let body = file.body;
  if (encoding !== null) {
    body = await compressed(file, encoding);
    headers.set("content-encoding", encoding);
  }
  headers.set("content-length", String(body.length));
  res.writeHead(200, Object.fromEntries(headers));
  res.end(req.method === "HEAD" ? undefined : body);
}

export function createStaticServer(site: StaticSite): Server {
  return createServer((req, res) => {
    answer(site, req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent)
        send(res, 500, headersForPath(site.rules, "/"), "Internal Server Error");
      else res.destroy();
    });
  });
}
