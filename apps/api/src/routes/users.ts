// spec 7: GET /users/me, the signed-in user; issue 20: PATCH /users/me, their time zone.
import { eq } from "drizzle-orm";
import { requireUser } from "../auth/require-user.js";
import { jsonFields } from "../db/json-fields.js";
import { users } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { ok, signedInRoutes } from "../http/route-group.js";
import { User, UserUpdate } from "../http/schemas.js";

const userJson = jsonFields(users, {
  id: users.id,
  email: users.email,
  full_name: users.fullName,
  picture: users.picture,
  created_at: users.createdAt,
  time_zone: users.timeZone,
});

export function userRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  routes.get(
    "/users/me",
    { summary: "The signed-in user", answer: ok(User, "The user") },
    ({ user }) => userJson.of(user),
  );
  routes.patch(
    "/users/me",
    {
      summary: "Change the signed-in user's settings",
      description:
        "`time_zone`: the IANA name of the zone whose days and mornings the reminders follow " +
        '("Europe/London"); the web app sends the browser\'s. A field left out stays as it is.',
      body: UserUpdate,
      answer: ok(User, "The user as changed"),
      notFound: "User not found",
    },
    async ({ user, body }) => {
      if (body.time_zone === undefined) return userJson.of(user);
      const [row] = await deps.database.db
        .update(users)
        .set({ timeZone: body.time_zone, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return row === undefined ? null : userJson.of(row);
    },
  );
  return routes.app;
}
