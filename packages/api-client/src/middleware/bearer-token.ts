// spec 6, 7: requests carry the stored access token as a bearer token.
import type { Middleware } from "openapi-fetch";
import type { TokenStore } from "../token-store.js";

export function bearerToken(tokens: TokenStore): Middleware {
  return {
    onRequest({ request }) {
      const accessToken = tokens.get()?.access_token;
      if (accessToken !== undefined) request.headers.set("Authorization", `Bearer ${accessToken}`);
      return request;
    },
  };
}
