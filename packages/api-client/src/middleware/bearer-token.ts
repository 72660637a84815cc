// spec 6, 7: requests carry the stored access token as a bearer token. A session that has only a
// refresh token so far (a script's start, README "In Node") sends none: refresh-and-retry then
// refreshes on the 401.
import type { Middleware } from "openapi-fetch";
import type { TokenStore } from "../token-store.js";

export function bearerToken(tokens: TokenStore): Middleware {
  return {
    onRequest({ request }) {
      const accessToken = tokens.get()?.access_token;
      if (accessToken) request.headers.set("Authorization", `Bearer ${accessToken}`);
      return request;
    },
  };
}
