// PATCH /users/me (issue 20): what the person may change about themselves. A module of its own: the
// web app's first download reads users (user.ts) but never edits one there.
import * as z from "zod/mini";
import { TimeZoneSchema } from "./time-zones.js";

/** The hour (0-23) of the morning email, as PATCH /users/me takes it. */
export const ReminderHourSchema = /* @__PURE__ */ z
  .int()
  .check(
    z.gte(0, { error: "Use an hour from 0 to 23" }),
    z.lte(23, { error: "Use an hour from 0 to 23" }),
  );

// Marked pure, as TimeZoneSchema: unused in the web app's first download.
export const UserUpdateSchema = /* @__PURE__ */ z.object({
  time_zone: z.optional(TimeZoneSchema),
  email_reminders: z.optional(z.boolean()),
  reminder_hour: z.optional(ReminderHourSchema),
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
