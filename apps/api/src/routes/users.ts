// spec 7: GET /users/me, the signed-in user; issue 20: PATCH /users/me, their time zone and their
// morning reminder email (decisions D13), and whether this server can send one at all. issue 22:
// their name, their currency (their browser region's until they pick one) and a time zone they
// picked, which their devices then leave alone.
import { eq } from "drizzle-orm";
import { requireUser } from "../auth/require-user.js";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { isoInstant, jsonFields } from "../db/json-fields.js";
import { lastDeliveryError } from "../db/reminder-ledger.js";
import { type UserRow, users } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { currencyOfAcceptLanguage } from "../http/locale-currency.js";
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
  time_zone_chosen: users.timeZoneChosen,
});

export function userRoutes(deps: AppDeps) {
  const routes = signedInRoutes("users", requireUser(deps.tokens));
  const { db } = deps.database;
  const emailAvailable = deps.config.email !== null;

  const answerOf = async (c: Context<AppEnv>, user: UserRow) => {
    const error = await lastDeliveryError(db, user.id, "email");
    // The same user reads in another currency from a browser of another region.
    if (user.currency === null) c.header("Vary", "Accept-Language", { append: true });
    return {
      ...userJson.of(user),
      currency: user.currency ?? currencyOfAcceptLanguage(c.req.header("Accept-Language")),
      currency_chosen: user.currency !== null,
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
        "be sent after every retry (null once one gets through). `currency`: the ISO 4217 code " +
        "every amount is shown in, the person's pick (`currency_chosen`) or else their " +
        "browser's region's, from Accept-Language (en-GB: GBP; a language alone or no header: " +
        "USD). `time_zone_chosen`: whether the person picked `time_zone` in Settings.",
      answer: ok(User, "The user"),
    },
    ({ c, user }) => answerOf(c, user),
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
        "clock, 0-23 (8 until changed). `full_name`: the name the header shows (1-100 " +
        'characters, trimmed). `currency`: an ISO 4217 code this server knows ("EUR"), for ' +
        "every amount. `time_zone_chosen`: true when the person picks the zone themselves; the " +
        "web app then stops setting it to the device's. A field left out stays as it is.",
      body: UserUpdate,
      answer: ok(User, "The user as changed"),
      notFound: "User not found",
    },
    async ({ c, user, body }) => {
      const changes = {
        ...(body.full_name === undefined ? {} : { fullName: body.full_name }),
        ...(body.currency === undefined ? {} : { currency: body.currency }),
        ...(body.time_zone_chosen === undefined ? {} : { timeZoneChosen: body.time_zone_chosen }),
        ...(body.time_zone === undefined ? {} : { timeZone: body.time_zone }),
        ...(body.email_reminders === undefined ? {} : { emailReminders: body.email_reminders }),
        ...(body.reminder_hour === undefined ? {} : { reminderHour: body.reminder_hour }),
      };
      if (Object.keys(changes).length === 0) return answerOf(c, user);
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return row === undefined ? null : answerOf(c, row);
    },
  );
  return routes.app;
}
