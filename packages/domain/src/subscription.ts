// spec 3: a subscription as the API returns it and as it is created.
import * as z from "zod/mini";
import { CancelLinkSchema } from "./cancel-link.js";
import { DEFAULT_FREQUENCY, DEFAULT_PRIORITY, FrequencySchema, PrioritySchema } from "./enums.js";
import { IsoDateSchema } from "./iso-dates.js";
import { currencyDecimals } from "./money.js";
import {
  COST_MAX,
  COST_MIN,
  REMIND_DAYS_MAX,
  REMIND_DAYS_MIN,
  SUBSCRIPTION_NAME_MAX_LENGTH,
} from "./limits.js";
import { AnsweredIntervalSchema, RepeatIntervalSchema } from "./recurrence.js";
import { DEFAULT_REMINDER_DAYS } from "./reminders.js";
import { IdSchema } from "./id.js";
import { FileIdSchema } from "./file-id.js";
import { requiredVisibleText } from "./visible-text.js";

/** The decimals a cost is kept in: cents (decisions D10's totals), whatever the currency. */
const COST_DECIMALS = 2;

/** True when `value` has at most `decimals` decimals (tolerating binary floating point: 0.1 + 0.2). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const units = value * 10 ** decimals;
  return Math.abs(units - Math.round(units)) < 1e-6;
}

/** True when `value` has at most two decimals, as a cost is kept. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return hasAtMostDecimals(value, COST_DECIMALS);
}

/**
 * The decimals a cost in `currency` may have: the currency's own (none in yen), but at most the
 * two a cost is kept in, so a three-decimal currency (KWD) is held to two.
 */
export function costDecimals(currency: string): number {
  return Math.min(currencyDecimals(currency), COST_DECIMALS);
}

export const CostSchema = /* @__PURE__ */ z.number({ error: "Cost must be a number" }).check(
  z.minimum(COST_MIN, { error: "Cost cannot be negative" }),
  z.maximum(COST_MAX, {
    // A function, not a template: the bundler keeps a template's conversion of an unused schema.
    error: () => `Cost must be at most ${COST_MAX.toLocaleString("en-US")}`,
  }),
  z.refine(hasAtMostTwoDecimals, { error: "Cost can have at most two decimals" }),
);

export const RemindDaysSchema = /* @__PURE__ */ z
  .number({ error: "Reminder must be a number of days" })
  .check(
    z.int({ error: "Reminder must be a whole number of days" }),
    z.minimum(REMIND_DAYS_MIN, {
      error: `Reminder must be at least ${REMIND_DAYS_MIN} days before`,
    }),
    z.maximum(REMIND_DAYS_MAX, {
      error: `Reminder must be at most ${REMIND_DAYS_MAX} days before`,
    }),
  );

export const SubscriptionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  cost: z.number(),
  frequency: FrequencySchema,
  /**
   * decisions D9: every how many of the frequency's units it renews (3 with Monthly: every 3
   * months), 1 to 99. The API always sends it.
   */
  interval: AnsweredIntervalSchema,
  next_renewal_date: IsoDateSchema,
  remind_days_before: z.number().check(z.int()),
  priority: PrioritySchema,
  /** Whatever is stored; render it only through `safeLink`. */
  cancel_link: z.nullable(z.string()),
  /** decisions D10: the spec's toggle; a paused subscription keeps its date and leaves the totals. */
  active: z.boolean(),
  /**
   * Issue 21: the file it was made from (GET /files/{id}), or null. The API always sends it;
   * optional for answers from before files.
   */
  file_id: z.optional(z.nullable(IdSchema)),
  /**
   * decisions D9, D10: the date the renewals roll forward from (the one the person last entered);
   * read-only. Optional for answers from before it was sent.
   */
  repeats_from: z.optional(IsoDateSchema),
  /**
   * Issue 23: whose it is. The API always sends it with the rest of its sharing (household.ts,
   * read with Family view); read with the entity too, so that My View can tell a record another
   * member assigned to the person from the person's own. Optional for answers from before it.
   */
  owner_id: z.optional(IdSchema),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

const SubscriptionNameSchema = /* @__PURE__ */ requiredVisibleText(
  "Subscription name",
  SUBSCRIPTION_NAME_MAX_LENGTH,
);
const ActiveSchema = z.boolean({ error: "Active must be true or false" });

// spec 3, 9: priority is always "Medium" from the form, reminder 7 days by default; decisions
// D10: active unless sent paused.
export const SubscriptionCreateSchema = /* @__PURE__ */ z.object({
  name: SubscriptionNameSchema,
  next_renewal_date: IsoDateSchema,
  cost: CostSchema,
  frequency: z._default(FrequencySchema, DEFAULT_FREQUENCY),
  interval: z._default(RepeatIntervalSchema, 1),
  priority: z._default(PrioritySchema, DEFAULT_PRIORITY),
  cancel_link: z.nullish(CancelLinkSchema),
  remind_days_before: z._default(RemindDaysSchema, DEFAULT_REMINDER_DAYS),
  active: z._default(ActiveSchema, true),
  /** Issue 21: the person's own file it was made from. */
  file_id: z.nullish(FileIdSchema),
});
export type SubscriptionCreateInput = z.input<typeof SubscriptionCreateSchema>;
export type SubscriptionCreate = z.output<typeof SubscriptionCreateSchema>;

/**
 * An edit (PATCH /subscriptions/{subscription_id}): any field of a create, by the same rules, and
 * `active` (pause or resume); a field left out stays as it is, `cancel_link` may be cleared with
 * null. No defaults: an empty edit changes nothing.
 */
// Marked pure: the API reads it; without the mark its field calls keep it in the web app's first
// download (issue 7's budget), which never edits through it.
export const SubscriptionUpdateSchema = /* @__PURE__ */ z.object({
  name: z.optional(SubscriptionNameSchema),
  next_renewal_date: z.optional(IsoDateSchema),
  cost: z.optional(CostSchema),
  frequency: z.optional(FrequencySchema),
  interval: z.optional(RepeatIntervalSchema),
  priority: z.optional(PrioritySchema),
  cancel_link: z.nullish(CancelLinkSchema),
  remind_days_before: z.optional(RemindDaysSchema),
  active: z.optional(ActiveSchema),
  file_id: z.nullish(FileIdSchema),
});
/** An edit as sent and as read: no field has a default to fill in. */
export type SubscriptionUpdate = z.output<typeof SubscriptionUpdateSchema>;
