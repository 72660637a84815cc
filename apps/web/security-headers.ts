// decisions D3: the headers every page of the web app is served with. A strict Content Security
// Policy (scripts from our own origin only, never inline; requests only to ourselves and the API;
// no plugins, no <base>, no framing) and no Referer, so a token can never leave in one.
//
// Styles come from our own origin too, with one allowance: 'unsafe-inline' for styles (never for
// scripts), because the modals' scroll lock (Radix Dialog, through react-remove-scroll) writes a
// <style> element at run time, with measured sizes no hash could name in advance.
//
// The one place these are said: `vite preview` (pnpm start) sends securityHeaders(); the build
// writes them with the assets' caching into dist/_headers (headersFile()), which the production
// server (server/) serves by, and which Netlify and Cloudflare Pages read as they are.
import type { Plugin } from "vite";

export function contentSecurityPolicy(apiOrigin: string): string {
  return [
    // Also what lets the browser read the web app manifest (manifest-src falls back to it).
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * issue 17: the browser features the app never uses, turned off for it and for anything it could
 * be made to load. Only names Chromium knows: an unknown one is an error in the console
 * (e2e/tests/reliability-headers.spec.ts asks the browser; "bluetooth", for one, it does not know).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

export function securityHeaders(apiOrigin: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(apiOrigin),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    // issue 17: HTTPS only, for two years, subdomains too (browsers ignore it over plain http).
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    // No window the app opens, or that opens it, shares its browsing context group.
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
}

/** Vite puts every hashed file under /assets/: its name changes whenever its bytes do. */
export const HASHED_ASSETS = "/assets/*";
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** The build's header file, in the `_headers` format of Netlify and Cloudflare Pages. */
export const HEADERS_FILE = "_headers";

/**
 * dist/_headers: path patterns (`/*` is every path), each followed by its headers indented.
 * Cache-Control is said for the hashed assets only: hosts join the values of every rule that
 * matches, and everything else must be revalidated (the production server's default).
 */
export function headersFile(apiOrigin: string): string {
  const rule = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  const rules = [
    "# Written by the web app's build from apps/web/security-headers.ts; do not edit.",
    rule("/*", securityHeaders(apiOrigin)),
    rule(HASHED_ASSETS, { "Cache-Control": IMMUTABLE }),
  ];
  return `${rules.join("\n\n")}\n`;
}

/** One rule of a headers file: a path pattern and its headers (names in lower case). */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/** Reads what headersFile() writes (blank lines and # comments are skipped). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const [, name, value] = /^\s+([\w-]+):\s*(.*)$/.exec(line) ?? [];
    const rule = rules.at(-1);
    if (name === undefined || value === undefined || rule === undefined) {
      throw new Error(`${HEADERS_FILE}, line ${index + 1}: expected "Name: value" under a path`);
    }
    rule.headers.push([name.toLowerCase(), value.trim()]);
  }
  return rules;
}

/** The headers of every rule whose pattern matches `path` (`/assets/*`: anything below). */
export function headersForPath(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const { pattern, headers: ruleHeaders } of rules) {
    const matches = pattern.endsWith("*")
      ? path.startsWith(pattern.slice(0, -1))
      : path === pattern;
    if (!matches) continue;
    for (const [name, value] of ruleHeaders) {
      const before = headers.get(name);
      headers.set(name, before === undefined ? value : `${before}, ${value}`);
    }
  }
  return headers;
}

/** Writes dist/_headers for the API origin the build was made for. */
export function headersFilePlugin(apiOrigin: string): Plugin {
  return {
    name: "headers-file",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: HEADERS_FILE, source: headersFile(apiOrigin) });
    },
  };
}
