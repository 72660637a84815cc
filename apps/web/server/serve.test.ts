// issue 17: the production server (`pnpm serve`) over the real build: on a free loopback port, the
// page at / and at a route of the app, the hashed assets cached for good, every answer with the
// security headers security-headers.ts says (HSTS, COOP and Permissions-Policy among them).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY, securityHeaders } from "../security-headers";

const webRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
let server: ChildProcess;
let origin: string;

beforeAll(async () => {
  server = spawn(process.execPath, ["server/serve.ts"], {
    cwd: webRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  server.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  origin = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    server.once("exit", (code) => {
      reject(new Error(`the server exited with ${code}: ${err}`));
    });
  });
});

afterAll(async () => {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  await once(server, "exit");
});

/** The connect-src the build was made with (VITE_API_BASE_URL's origin). */
function apiOriginOf(res: Response): string {
  const csp = res.headers.get("content-security-policy") ?? "";
  return /connect-src 'self' (\S+?);/.exec(csp)?.[1] ?? "";
}

function expectSecurityHeaders(res: Response) {
  for (const [name, value] of Object.entries(securityHeaders(apiOriginOf(res)))) {
    expect(res.headers.get(name), `${res.url}: ${name}`).toBe(value);
  }
  expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(res.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get("content-security-policy")).toContain("script-src 'self';");
}

describe("the production server", () => {
  it("answers / and a route of the app with the page, revalidated, with the security headers", async () => {
    const home = await fetch(`${origin}/`);
    const page = await home.text();
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(page).toContain('<div id="root"');
    expectSecurityHeaders(home);

    const dashboard = await fetch(`${origin}/dashboard?view=agenda`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toBe(page);
    expectSecurityHeaders(dashboard);
  });

  it("serves a hashed script and style with their types, cached for good, compressed when asked", async () => {
    const page = await (await fetch(`${origin}/`)).text();
    // Vite names the app's entry index-{hash}.js.
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(page)?.[1];
    const style = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();

    const js = await fetch(`${origin}${script ?? ""}`, { headers: { "Accept-Encoding": "br" } });
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(js.headers.get("content-encoding")).toBe("br");
    expect(js.headers.get("vary")).toBe("Accept-Encoding");
    expect((await js.text()).length).toBeGreaterThan(1000);
    expectSecurityHeaders(js);

    const css = await fetch(`${origin}${style ?? ""}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("content-encoding")).toBe("gzip");
    const etag = css.headers.get("etag") ?? "";
    const again = await fetch(`${origin}${style ?? ""}`, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("serves the web app manifest as application/manifest+json, and each of its icons by type", async () => {
    const res = await fetch(`${origin}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expectSecurityHeaders(res);
    const { icons } = (await res.json()) as { icons: { src: string; type: string }[] };
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of [...icons, { src: "/apple-touch-icon.png", type: "image/png" }]) {
      const image = await fetch(`${origin}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type"), icon.src).toBe(icon.type);
    }
  });

  it("answers 404 for a missing asset or file and for the build's hidden files, never the page", async () => {
    for (const path of ["/assets/missing-abc123.js", "/missing.png", "/.vite/manifest.json"]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expectSecurityHeaders(res);
    }
  });

  it("answers 405 to anything but GET and HEAD", async () => {
    const res = await fetch(`${origin}/`, { method: "POST", body: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    const head = await fetch(`${origin}/dashboard`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });
});
