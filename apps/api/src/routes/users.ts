// spec 7: GET /users/me, the signed-in user.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { User as UserBody } from "@life-admin/domain";
import { requireUser } from "../auth/require-user.js";
import type { UserRow } from "../db/schema.js";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { isoInstant } from "../http/iso.js";
import { User, errorResponses, json } from "../http/schemas.js";

export function toUserBody(row: UserRow): UserBody {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    picture: row.picture,
    created_at: isoInstant(row.createdAt),
  };
}

export function userRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const me = createRoute({
    method: "get",
    path: "/users/me",
    tags: ["users"],
    summary: "The signed-in user",
    security: [{ bearerAuth: [] }],
    responses: {
      200: { description: "The user", content: json(User) },
      ...errorResponses.unauthorized,
      ...errorResponses.unavailable,
    },
  });
  app.openAPIRegistry.registerPath(me);
  app.get(me.path, requireUser(deps.tokens), (c) => c.json(toUserBody(c.get("user")), 200));
  return app;
}
