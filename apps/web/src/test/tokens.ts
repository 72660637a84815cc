// Test-only: token sets shaped like the API's (JWTs whose `exp` the client reads; the client
// never verifies signatures, so these are unsigned).
import type { TokenSet } from "@life-admin/domain";

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function jwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: "EdDSA", typ: "at+jwt" }))}.${base64url(JSON.stringify(payload))}.c2ln`;
}

const FAR = new Date("2100-01-01T00:00:00Z");

/** A token set whose tokens expire at the given instants; `label` tells sets apart. */
export function tokenSet(label: string, expiry: { access?: Date; refresh?: Date } = {}): TokenSet {
  const exp = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    access_token: jwt({ sub: "1", kind: "access", label, exp: exp(expiry.access ?? FAR) }),
    refresh_token: jwt({ sub: "1", kind: "refresh", label, exp: exp(expiry.refresh ?? FAR) }),
    token_type: "Bearer",
  };
}

/** Puts a session where the app keeps it (spec 3: localStorage `tokenData`). */
export function storeSession(tokens: TokenSet): void {
  localStorage.setItem("tokenData", JSON.stringify(tokens));
}

export function storedSession(): TokenSet | null {
  const raw = localStorage.getItem("tokenData");
  return raw === null ? null : (JSON.parse(raw) as TokenSet);
}
