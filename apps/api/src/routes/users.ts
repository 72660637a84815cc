// spec 7: GET /users/me, the signed-in user; issue 20: PATCH /users/me, their time zone and their
// morning reminder email (decisions D13), and whether this server can send one at all.
import { eq } from "drizzle-orm";
import { requireUser } from "../auth/require-user.js";
import { isoInstant, jsonFields } from "../db/json-fields.js";
import { lastDeliveryError } from "../db/reminder-ledger.js";
import { type UserRow, users } from "../db/schema.js";
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
  email_reminders: users.emailReminders,
  reminder_hour: users.reminderHour,
});

export function userRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  const { db } = deps.database;
  const emailAvailable = deps.config.email !== null;

  const answerOf = async (user: UserRow) => {
    const error = await lastDeliveryError(db, user.id, "email");
    return {
      ...userJson.of(user),
      email_available: emailAvailable,
      email_last_error:
        error === null
          ? null
          : { morning: error.morning, at: isoInstant(error.at), message: error.message },
    };
  };

  routes.get(
    "/users/me",
    {
      summary: "The signed-in user",
      description:
        "With their reminder settings; `email_available`: whether this server can send email " +
        "(it has a mail server); `email_last_error`: why their latest morning email could not " +
        "be sent after every retry (null once one gets through).",
      answer: ok(User, "The user"),
    },
    ({ user }) => answerOf(user),
  );
  routes.patch(
    "/users/me",
    {
      summary: "Change the signed-in user's settings",
      description:
        "`time_zone`: the IANA name of the zone whose days and mornings the reminders follow " +
        '("Europe/London"); the web app sends the browser\'s. `email_reminders`: one email each ' +
        "morning with the reminders that came due (off until turned on; the unsubscribe link " +
        "in every email turns it off). `reminder_hour`: that morning's hour on the user's " +
        "clock, 0-23 (8 until changed). A field left out stays as it is.",
      body: UserUpdate,
      answer: ok(User, "The user as changed"),
      notFound: "User not found",
    },
    async ({ user, body }) => {
      const changes = {
        ...(body.time_zone === undefined ? {} : { timeZone: body.time_zone }),
        ...(body.email_reminders === undefined ? {} : { emailReminders: body.email_reminders }),
        ...(body.reminder_hour === undefined ? {} : { reminderHour: body.reminder_hour }),
      };
      if (Object.keys(changes).length === 0) return answerOf(user);
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return row === undefined ? null : answerOf(row);
    },
  );
  return routes.app;
}
