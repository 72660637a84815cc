// spec 7: GET /users/me, the signed-in user.
import { requireUser } from "../auth/require-user.js";
import { jsonFields } from "../db/json-fields.js";
import { users } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { signedInRoutes } from "../http/route-group.js";
import { User } from "../http/schemas.js";

const userJson = jsonFields(users, {
  id: users.id,
  email: users.email,
  full_name: users.fullName,
  picture: users.picture,
  created_at: users.createdAt,
});

export function userRoutes(deps: AppDeps) {
  const { app, route } = signedInRoutes("users", requireUser(deps.tokens));
  route(
    {
      method: "get",
      path: "/users/me",
      summary: "The signed-in user",
      answer: { status: 200, description: "The user", schema: User },
    },
    ({ user }) => userJson.of(user),
  );
  return app;
}
