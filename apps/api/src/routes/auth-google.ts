// decisions D2, spec 7: GET /auth/google/login answers {"authorization_url"} for an attempt bound
// to the asking browser; the provider sends the browser back to GET /auth/google/callback, which
// redirects it to the web app with a one-time code, or with ?error=<code> on any failure; the web
// app exchanges the code with POST /auth/google/exchange. "google" is the spec's name for the
// sign-in; the provider behind it is Google or, without Google credentials, the local provider.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod/mini";
import { deviceName } from "../auth/device-name.js";
import { SignInError } from "../auth/oidc/sign-in-error.js";
import { createSignInFlow } from "../auth/oidc/sign-in-flow.js";
import { CALLBACK_PATH } from "../auth/oidc/sign-in-provider.js";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { described, queryParameters } from "../http/json-schema.js";
import { ok, publicRoutes } from "../http/route-group.js";
import { AuthorizationUrl, CodeExchange, LoginQuery, TokenSet } from "../http/schemas.js";

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
    countAccountSignIn: (userId) => deps.rateLimits.perAccount("code_exchange", userId),
    webOrigin: deps.config.webOrigin,
    logger: deps.logger,
  });

  const routes = publicRoutes("auth");
  routes.get(
    "/auth/google/login",
    {
      summary: "Start signing in: the provider's authorization URL",
      description:
        "OpenID Connect authorization code flow with PKCE (S256), a one-time state and a nonce, " +
        "kept server-side for 10 minutes with the browser's challenge. The provider sends the " +
        `browser back to ${CALLBACK_PATH}.`,
      query: LoginQuery,
      answer: ok(AuthorizationUrl, "The URL to navigate the browser to"),
      refusals: { 503: "The database or the sign-in provider cannot be reached" },
    },
    async ({ query }) => {
      try {
        return { authorization_url: await flow.start(query.browser_challenge) };
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
    },
  );
  routes.post(
    "/auth/google/exchange",
    {
      summary: "Finish signing in: the callback's one-time code for a token set",
      description:
        "The code from `/auth/callback?code=...` with the secret whose hash the login was " +
        "started with. Each code works once, for 60 seconds, from the browser that started the " +
        "sign-in; any other exchange is a 400 and creates nothing. The browser's User-Agent " +
        'names the new session in GET /users/me/sessions ("Chrome on Linux"); only that name is kept.',
      body: CodeExchange,
      answer: ok(TokenSet, "A new sign-in's token set"),
      refusals: { 400: "The code is unknown, expired, already used or from another browser" },
    },
    async ({ c, body }) => {
      c.header("Cache-Control", "no-store");
      return flow.exchange(
        body.code,
        body.browser_verifier,
        deviceName(c.req.header("user-agent")),
      );
    },
  );
  app.route("/", routes.app);

  const callback = createRoute({
    method: "get",
    path: CALLBACK_PATH,
    tags: ["auth"],
    summary: "The provider's redirect back: finish signing in",
    description:
      "Checks the state (unknown, expired or reused states are refused), exchanges the code " +
      "with the PKCE verifier, verifies the ID token (issuer, audience, expiry, nonce), creates " +
      "or updates the user, and redirects to `{WEB_ORIGIN}/auth/callback?code=...` with a " +
      "one-time code for POST /auth/google/exchange. Any failure redirects to " +
      "`{WEB_ORIGIN}/?error=<code>` instead and creates nothing.",
    parameters: queryParameters(CallbackQuery),
    responses: {
      302: {
        description: "To the web app, with a one-time code or with an error code",
        headers: { Location: { schema: { type: "string" }, required: true } },
      },
    },
  });
  // Documented, not validated: whatever arrives (a repeated parameter too) ends in a redirect.
  app.openAPIRegistry.registerPath(callback);
  app.get(callback.path, async (c) => {
    const query = new URL(c.req.url).searchParams;
    // A one-time code is in this redirect's URL: it must not be cached anywhere.
    c.header("Cache-Control", "no-store");
    return c.redirect(await flow.finish(query), 302);
  });

  return app;
}
