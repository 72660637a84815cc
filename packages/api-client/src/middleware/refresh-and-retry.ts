// spec 7: on 401 or 403, when a refresh is possible, refresh once and retry the request once; a
// second 401/403 fails ("Authentication failed after token refresh", spec 8; a second 403 that
// says why, with the API's reason). The refresh itself is shared (single flight, see session.ts).
import type { TokenSet } from "@life-admin/domain";
import type { Middleware } from "openapi-fetch";
import { ApiError } from "../api-error.js";
import { detailOf } from "../error-message.js";
import { readBody } from "../response-body.js";
import type { TokenStore } from "../token-store.js";

export interface RefreshAndRetryOptions {
  tokens: TokenStore;
  /** The session's shared refresh: every failing request waits for the same one. */
  refresh: () => Promise<TokenSet>;
  fetch: (request: Request) => Promise<Response>;
}

function isAuthFailure(status: number): boolean {
  return status === 401 || status === 403;
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get("Authorization");
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : null;
}

export function refreshAndRetry({ tokens, refresh, fetch }: RefreshAndRetryOptions): Middleware {
  // A copy of each request as sent, kept until its answer: the sent one's body is used up.
  const sent = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      sent.set(id, request.clone());
      return undefined;
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
    async onResponse({ request: sentRequest, response, id }) {
      const request = sent.get(id);
      sent.delete(id);
      if (request === undefined || !isAuthFailure(response.status)) return undefined;
      const current = tokens.get();
      // No session, no refresh: the 401/403 goes on to the error mapping.
      if (current === null) return undefined;
      // When another request's refresh has already replaced the token this one was sent with,
      // retrying with the new token is enough (a second refresh would rotate it again). One sent
      // without a token (a session that has only a refresh token) was sent with "".
      const accessToken =
        current.access_token === (bearerOf(request) ?? "")
          ? (await refresh()).access_token
          : current.access_token;
      request.headers.set("Authorization", `Bearer ${accessToken}`);
      // The retry follows the caller's abort through the request sent, which openapi-fetch holds
      // while the call goes on, not through the copy: Node's fetch (undici 7) links a copy to its
      // source by a weak reference that a garbage collection breaks (nodejs/undici#4068).
      const retry = new Request(request, { signal: sentRequest.signal });
      const retried = await fetch(retry);
      if (!isAuthFailure(retried.status)) return retried;
      const body = await readBody(retried);
      const detail = detailOf(body);
      // A 403 the fresh token gets too is no failed sign-in but a refusal (issue 23: "Only the
      // task's owner can delete it"): its reason is what the person needs to read.
      const refusal = retried.status === 403 && typeof detail === "string" && detail !== "";
      throw new ApiError(refusal ? detail : "Authentication failed after token refresh", {
        status: retried.status,
        detail,
        body,
      });
    },
  };
}
