// decisions D3: POST /auth/refresh (spec 7) and POST /auth/logout. The refresh token may come in
// the query string, as the spec's client sends it (with a JSON content type and no body), or in a
// JSON body {"refresh_token": ...}. These handlers read the body themselves, because the spec's
// empty body with a JSON content type is valid here; the route definitions document them.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import * as z from "zod/mini";
import { bearerToken } from "../auth/require-user.js";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { ApiError, UnauthorizedError, ValidationError } from "../errors/api-error.js";
import { validationItems } from "../errors/validation-items.js";
import { isJsonContentType, parseJsonBody } from "../http/json-body.js";
import { described, queryParameters } from "../http/json-schema.js";
import { RefreshRequest, TokenSet, errorResponses, json, jsonBodyErrors } from "../http/schemas.js";

// Documented only: the handlers read the query themselves (presentedRefreshToken).
const RefreshQuery = z.object({
  refresh_token: described(z.optional(z.string()), {
    description: "The refresh token (or send it in the JSON body)",
  }),
});

/** The refresh token from `?refresh_token=` or the JSON body, or null when there is none. */
async function presentedRefreshToken(c: Context): Promise<string | null> {
  const fromQuery = c.req.query("refresh_token");
  if (fromQuery !== undefined && fromQuery !== "") return fromQuery;
  const text = await c.req.text();
  if (text.trim() === "") return null;
  if (!isJsonContentType(c.req.header("content-type"))) {
    throw new ApiError(415, "Content-Type must be application/json");
  }
  const body = parseJsonBody(text);
  const parsed = RefreshRequest.safeParse(body);
  if (!parsed.success) throw new ValidationError(validationItems(parsed.error, "body", body));
  return parsed.data.refresh_token;
}

const MISSING_REFRESH_TOKEN =
  'Not authenticated: send the refresh token as ?refresh_token= or in a JSON body {"refresh_token": "..."}';

export function authTokenRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const refreshBody = { content: json(RefreshRequest), required: false };

  const refresh = createRoute({
    method: "post",
    path: "/auth/refresh",
    tags: ["auth"],
    summary: "Exchange a refresh token for a new token set (the old one is rotated out)",
    description:
      "Every refresh rotates the refresh token. The same token presented again within " +
      "REFRESH_GRACE_SECONDS (10) of its rotation is answered with the same new set (a lost " +
      "answer or two tabs at once); later, it ends the whole sign-in: its newest refresh token " +
      "and its access tokens stop working. A sign-in ends SESSION_MAX_AGE_DAYS (30) after it " +
      "began, whatever refreshes do. Send the token in the JSON body; the query form is kept " +
      "for older callers.",
    parameters: queryParameters(RefreshQuery),
    request: { body: refreshBody },
    responses: {
      200: { description: "A new token set", content: json(TokenSet) },
      ...errorResponses.unauthorized,
      ...jsonBodyErrors,
    },
  });
  app.openAPIRegistry.registerPath(refresh);
  app.post(refresh.path, async (c) => {
    const token = await presentedRefreshToken(c);
    if (token === null) throw new UnauthorizedError(MISSING_REFRESH_TOKEN);
    // decisions D15: counted per account once the token is known to be ours (a forged one is a
    // 401 here and counts against no one), before any row is touched.
    const next = await deps.tokens.refresh(token, ({ userId }) =>
      deps.rateLimits.perAccount("refresh", userId),
    );
    return c.json(next, 200);
  });

  const logout = createRoute({
    method: "post",
    path: "/auth/logout",
    tags: ["auth"],
    summary: "End a sign-in",
    description:
      "Ends the sign-in of the refresh token given (query or JSON body), or else of the bearer " +
      "access token. All refresh tokens of that sign-in stop working, and so do its access " +
      "tokens. Ending a sign-in that has already ended succeeds.",
    security: [{ bearerAuth: [] }, {}],
    parameters: queryParameters(RefreshQuery),
    request: { body: refreshBody },
    responses: {
      204: { description: "Signed out" },
      ...errorResponses.unauthorized,
      ...jsonBodyErrors,
    },
  });
  app.openAPIRegistry.registerPath(logout);
  app.post(logout.path, async (c) => {
    const refreshToken = await presentedRefreshToken(c);
    const accessToken = bearerToken(c.req.header("authorization"));
    let claims: { userId: number; signInId: string };
    if (refreshToken !== null) {
      claims = await deps.tokens.verify(refreshToken, "refresh");
    } else if (accessToken !== null) {
      claims = await deps.tokens.verify(accessToken, "access");
    } else {
      throw new UnauthorizedError("Not authenticated");
    }
    const { userId, signInId } = claims;
    await deps.tokens.revokeSignIn(signInId);
    // issue 17: a security event, with ids only (never the token).
    deps.logger.info({ event: "sign_out", userId, signInId }, "signed out");
    return c.body(null, 204);
  });

  return app;
}
