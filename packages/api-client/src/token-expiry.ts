// spec 9: a token's expiry is read from its `exp` claim (seconds since the epoch), without
// verifying the signature (the server does that); an unreadable token counts as expired.
import { parseJson } from "./parse-json.js";

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** UTF-8 text of a base64url segment, or null when it is not one. */
function decodeBase64Url(segment: string): string | null {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment.replaceAll("-", "+").replaceAll("_", "/");
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=");
  try {
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** When a JWT expires, or null when its `exp` cannot be read. */
export function readTokenExpiry(jwt: string): Date | null {
  const parts = jwt.split(".");
  if (parts.length !== 3) return null;
  const json = decodeBase64Url(parts[1] ?? "");
  if (json === null) return null;
  const payload = parseJson(json);
  if (typeof payload !== "object" || payload === null) return null;
  const { exp } = payload as { exp?: unknown };
  if (typeof exp !== "number" || !Number.isFinite(exp)) return null;
  const expiry = new Date(exp * 1000);
  return Number.isNaN(expiry.getTime()) ? null : expiry;
}

/** True when the token has expired at `now` (at `exp` itself, as the server sees it) or is unreadable. */
export function isTokenExpired(jwt: string, now: Date): boolean {
  const expiry = readTokenExpiry(jwt);
  return expiry === null || expiry.getTime() <= now.getTime();
}
