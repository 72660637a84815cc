// spec 3: the signed-in user. Only full_name is shown; the rest identifies the account.
import * as z from "zod/mini";
import { IsoDateTimeSchema } from "./iso-dates.js";
import { IdSchema } from "./id.js";
import { TimeZoneSchema } from "./time-zones.js";

export const UserSchema = z.object({
  id: IdSchema,
  email: z.string(),
  full_name: z.nullable(z.string()),
  picture: z.nullable(z.string()),
  created_at: IsoDateTimeSchema,
  /** issue 20: the IANA zone of the person's "today" and mornings ("UTC" until the app sends one). */
  time_zone: z._default(z.string(), "UTC"),
});
export type User = z.infer<typeof UserSchema>;

/** PATCH /users/me (issue 20): what the person may change about themselves. */
export const UserUpdateSchema = z.object({
  time_zone: z.optional(TimeZoneSchema),
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

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
