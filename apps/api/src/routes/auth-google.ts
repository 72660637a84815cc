// decisions D2, spec 7: GET /auth/google/login answers {"authorization_url"}; the provider sends
// the browser back to GET /auth/google/callback, which redirects it to the web app with our
// tokens, or with ?error=<code> on any failure. "google" is the spec's name for the sign-in; the
// provider behind it is Google or, without Google credentials, the local provider.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod/mini";
import { SignInError } from "../auth/oidc/sign-in-error.js";
import { createSignInFlow } from "../auth/oidc/sign-in-flow.js";
import { CALLBACK_PATH } from "../auth/oidc/sign-in-provider.js";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { described, queryParameters } from "../http/json-schema.js";
import { AuthorizationUrl, HttpError, json } from "../http/schemas.js";

const queryText = (description: string) => described(z.optional(z.string()), { description });

/** All optional: a bad callback is a redirect with ?error=, never a 422. */
const CallbackQuery = z.object({
  state: queryText("The state of the authorization request"),
  code: queryText("The authorization code"),
  error: queryText("The provider's error, e.g. access_denied (instead of a code)"),
  iss: queryText("The provider's issuer (RFC 9207)"),
});

export function authGoogleRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const flow = createSignInFlow({
    db: deps.database.db,
    client: deps.signIn.client,
    tokens: deps.tokens,
    webOrigin: deps.config.webOrigin,
    logger: deps.logger,
  });

  const login = createRoute({
    method: "get",
    path: "/auth/google/login",
    tags: ["auth"],
    summary: "Start signing in: the provider's authorization URL",
    description:
      "OpenID Connect authorization code flow with PKCE (S256), a one-time state and a nonce, " +
      "kept server-side for 10 minutes. The provider sends the browser back to " +
      `${CALLBACK_PATH}.`,
    responses: {
      200: { description: "The URL to navigate the browser to", content: json(AuthorizationUrl) },
      503: {
        description: "The database or the sign-in provider cannot be reached",
        content: json(HttpError),
      },
    },
  });
  app.openAPIRegistry.registerPath(login);
  app.get(login.path, async (c) => {
    try {
      return c.json({ authorization_url: await flow.start() }, 200);
    } catch (error) {
      if (error instanceof SignInError) {
        deps.logger.warn(
          { event: "sign_in_start_failed", reason: error.reason },
          "sign-in start failed",
        );
        throw new ApiError(503, "The sign-in provider cannot be reached; please try again", {
          "Retry-After": "5",
        });
      }
      throw error;
    }
  });

  const callback = createRoute({
    method: "get",
    path: CALLBACK_PATH,
    tags: ["auth"],
    summary: "The provider's redirect back: finish signing in",
    description:
      "Checks the state (unknown, expired or reused states are refused), exchanges the code " +
      "with the PKCE verifier, verifies the ID token (issuer, audience, expiry, nonce), creates " +
      "or updates the user, and redirects to `{WEB_ORIGIN}/auth/callback?token=...&refresh_token=...`. " +
      "Any failure redirects to `{WEB_ORIGIN}/?error=<code>` instead and creates nothing.",
    parameters: queryParameters(CallbackQuery),
    responses: {
      302: {
        description: "To the web app, with the tokens or with an error code",
        headers: { Location: { schema: { type: "string" }, required: true } },
      },
    },
  });
  // Documented, not validated: whatever arrives (a repeated parameter too) ends in a redirect.
  app.openAPIRegistry.registerPath(callback);
  app.get(callback.path, async (c) => {
    const query = new URL(c.req.url).searchParams;
    // Tokens are in this redirect's URL (spec 4): it must not be cached anywhere.
    c.header("Cache-Control", "no-store");
    return c.redirect(await flow.finish(query), 302);
  });

  return app;
}
