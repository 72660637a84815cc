// Test-only: a fetch that answers from a handler and records every call, injected into the
// client (no global patching, no state shared between tests).
import type { TokenSet } from "@life-admin/domain";

export interface RecordedCall {
  method: string;
  /** Path without the query string: "/tasks/". */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: (request: Request) => Promise<Response>;
  calls: RecordedCall[];
  /** How many calls went to `method path`. */
  count(method: string, path: string): number;
}

export const BASE_URL = "http://api.test";

export function fakeFetch(handler: Handler): FakeFetch {
  const calls: RecordedCall[] = [];
  return {
    calls,
    count: (method, path) => calls.filter((c) => c.method === method && c.path === path).length,
    async fetch(request) {
      const url = new URL(request.url);
      const call: RecordedCall = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: await request.text(),
      };
      calls.push(call);
      return handler(call);
    },
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export function text(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain" } });
}

function base64url(value: string): string {
  return Buffer.from(value, "utf8").toString("base64url");
}

/** An unsigned JWT with the given payload (the client never verifies signatures). */
export function jwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: "EdDSA", typ: "at+jwt" }))}.${base64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

/** A token set whose tokens expire at the given instants; `label` tells sets apart. */
export function tokenSet(label: string, expiry: { access?: Date; refresh?: Date } = {}): TokenSet {
  const far = new Date("2100-01-01T00:00:00Z");
  const exp = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    access_token: jwt({ sub: "1", kind: "access", label, exp: exp(expiry.access ?? far) }),
    refresh_token: jwt({ sub: "1", kind: "refresh", label, exp: exp(expiry.refresh ?? far) }),
    token_type: "Bearer",
  };
}

export function bearer(tokens: TokenSet): string {
  return `Bearer ${tokens.access_token}`;
}

/** A promise and the function that settles it, for answers the test releases itself. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: ((value: T) => void) | undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  if (resolve === undefined) throw new Error("unreachable: the executor runs at once");
  return { promise, resolve };
}
