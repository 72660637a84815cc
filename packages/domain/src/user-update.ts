// PATCH /users/me (issue 20): what the person may change about themselves. A module of its own: the
// web app's first download reads users (user.ts) but never edits one there.
import * as z from "zod/mini";
import { USER_NAME_MAX_LENGTH } from "./limits.js";
import { isSupportedCurrency, UserCurrencySchema } from "./money.js";
import { TimeZoneSchema } from "./time-zones.js";
import { requiredVisibleText } from "./visible-text.js";

/** The hour (0-23) of the morning email, as PATCH /users/me takes it. */
export const ReminderHourSchema = /* @__PURE__ */ z
  .int()
  .check(
    z.gte(0, { error: "Use an hour from 0 to 23" }),
    z.lte(23, { error: "Use an hour from 0 to 23" }),
  );

/** issue 22: an ISO 4217 code the runtime formats ("EUR"), as PATCH /users/me takes it. */
export const CurrencyChoiceSchema = /* @__PURE__ */ UserCurrencySchema.check(
  z.refine(isSupportedCurrency, { error: "Use a currency this app knows, such as EUR or GBP" }),
);

// Marked pure, as TimeZoneSchema: unused in the web app's first download.
export const UserUpdateSchema = /* @__PURE__ */ z.object({
  /** issue 22: the name the header shows. */
  full_name: z.optional(/* @__PURE__ */ requiredVisibleText("Name", USER_NAME_MAX_LENGTH)),
  currency: z.optional(CurrencyChoiceSchema),
  /** true: the person picked `time_zone` in Settings, and the device stops setting it. */
  time_zone_chosen: z.optional(z.boolean()),
  time_zone: z.optional(TimeZoneSchema),
  email_reminders: z.optional(z.boolean()),
  reminder_hour: z.optional(ReminderHourSchema),
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
