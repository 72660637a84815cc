// spec 7: GET /users/me, the signed-in user.
import { requireUser } from "../auth/require-user.js";
import { jsonFields } from "../db/json-fields.js";
import { users } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { ok, signedInRoutes } from "../http/route-group.js";
import { User } from "../http/schemas.js";

const userJson = jsonFields(users, {
  id: users.id,
  email: users.email,
  full_name: users.fullName,
  picture: users.picture,
  created_at: users.createdAt,
});

export function userRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  routes.get(
    "/users/me",
    { summary: "The signed-in user", answer: ok(User, "The user") },
    ({ user }) => userJson.of(user),
  );
  return routes.app;
}
