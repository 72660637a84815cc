// decisions D4: every route behind this middleware knows its user, and only from a valid access
// token whose sign-in is still live.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { UnauthorizedError } from "../errors/api-error.js";
import type { TokenService } from "./tokens/token-service.js";

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of an `Authorization: Bearer ...` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

export function requireUser(tokens: TokenService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (token === null) throw new UnauthorizedError("Not authenticated");
    const { user, signInId } = await tokens.authenticate(token);
    c.set("user", user);
    c.set("signInId", signInId);
    await next();
  };
}
