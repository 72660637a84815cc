// spec 3: the signed-in user. Only full_name is shown; the rest identifies the account.
import * as z from "zod/mini";
import { IsoDateSchema, IsoDateTimeSchema } from "./iso-dates.js";
import { IdSchema } from "./id.js";
import { DEFAULT_CURRENCY } from "./money.js";

/** decisions D13: the morning email's hour unless the person picks another. */
export const DEFAULT_REMINDER_HOUR = 8;

export const UserSchema = z.object({
  id: IdSchema,
  email: z.string(),
  full_name: z.nullable(z.string()),
  picture: z.nullable(z.string()),
  created_at: IsoDateTimeSchema,
  /** issue 20: the IANA zone of the person's "today" and mornings ("UTC" until the app sends one). */
  time_zone: z._default(z.string(), "UTC"),
  /** decisions D13: the morning reminder email, off until the person turns it on. */
  email_reminders: z._default(z.boolean(), false),
  /** The hour (0-23) on the person's clock when the morning email goes out. */
  reminder_hour: z._default(z.int(), DEFAULT_REMINDER_HOUR),
  /**
   * issue 22: the ISO 4217 code every amount is shown in: the person's pick, or until they make
   * one the currency of their browser's region (the API reads Accept-Language).
   */
  currency: z._default(z.string(), DEFAULT_CURRENCY),
  /** Whether `currency` is the person's pick (false: their region's, which may change). */
  currency_chosen: z._default(z.boolean(), false),
  /** Whether the person picked `time_zone` in Settings (the device no longer sets it). */
  time_zone_chosen: z._default(z.boolean(), false),
  /** Whether this server can send email at all (false: it has no mail server configured). */
  email_available: z._default(z.boolean(), false),
  /** Why the latest morning email could not be sent after every retry; null once one gets through. */
  email_last_error: z._default(
    z.nullable(z.object({ morning: IsoDateSchema, at: IsoDateTimeSchema, message: z.string() })),
    null,
  ),
});
export type User = z.infer<typeof UserSchema>;

/** spec 1, 6: the name shown in the header and the banner, "Guest" without one. */
export function displayName(user: Pick<User, "full_name"> | null | undefined): string {
  return user?.full_name?.trim() || "Guest";
}

/** spec 1: the avatar letter, the first letter of full_name, or "G". */
export function avatarLetter(user: Pick<User, "full_name"> | null | undefined): string {
  const name = user?.full_name?.trim();
  if (!name) return "G";
  // The first user-perceived character, so "Émilie" gives "É" and an emoji stays whole.
  const first = new Intl.Segmenter().segment(name)[Symbol.iterator]().next().value;
  return first ? first.segment.toUpperCase() : "G";
}
