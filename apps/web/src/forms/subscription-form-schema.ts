// spec 3, 5, 9 and decisions D7: the Add Subscription form: cost text, the reminder choice and
// the link become the body's cost (a number), parseReminderDays and null for an empty link, and a
// subscription is always created with priority "Medium". issue 18: the same form edits a
// subscription, prefilled from it (subscriptionFormValues). The cost takes the decimals of the
// person's currency (issue 22: none in yen), as every amount is shown in it, and is read and
// written as their locale writes numbers: "12,99" in German is 12.99 (domain numberOf). It renews
// every so many of its frequency's units (Repeat every, 1 by default; decisions D9).
import {
  ASSIGNEES,
  AssigneeSchema,
  DEFAULT_FREQUENCY,
  DEFAULT_PRIORITY,
  CancelLinkSchema,
  CostSchema,
  DEFAULT_REMINDER_OPTION,
  FrequencySchema,
  REMINDER_OPTIONS,
  type ReminderOption,
  RemindDaysSchema,
  type Subscription,
  SubscriptionCreateSchema,
  type SubscriptionCreateInput,
  costDecimals,
  currencyDecimals,
  decimalSignOf,
  hasAtMostDecimals,
  numberOf,
  parseReminderDays,
  reminderText,
} from "@life-admin/domain/forms";
import * as z from "zod/mini";
import { RepeatEverySchema, formSchema, requiredDate } from "./form-rules";

/** The currency's name in English, as the messages are written ("Japanese Yen"). */
function currencyName(currency: string): string {
  return (
    new Intl.DisplayNames("en", { type: "currency", fallback: "code" }).of(currency) ?? currency
  );
}

/**
 * Why a cost in `currency` has too many decimals, where the domain's "at most two" does not say
 * it: a currency without decimals (yen), or one with a third that a cost, kept in cents
 * (decisions D10), cannot hold: said, rather than rounded away.
 */
function decimalsMessage(currency: string): string | undefined {
  const own = currencyDecimals(currency);
  const allowed = costDecimals(currency);
  if (own === 0) return `${currencyName(currency)} amounts have no decimals`;
  if (own > allowed) {
    return `Use at most ${allowed} decimals: Life Admin does not keep a third decimal of ${currencyName(currency)} yet`;
  }
  // Two, as most currencies: the domain's own rule says it (CostSchema). One: none today.
  return allowed === 2 ? undefined : `Use at most 1 decimal for ${currencyName(currency)}`;
}

/**
 * The cost typed in `text`, in the writing of `locale` (the runtime's when undefined): "12,99"
 * in German, "12.99" in English (domain numberOf); NaN when it is not a number.
 */
function typedCost(text: string, locale: string | undefined): number {
  return numberOf(text.trim(), decimalSignOf(locale)) ?? Number.NaN;
}

/**
 * The message the cost field gives `text` for its decimals in `currency`, if it has more than
 * the currency takes. `stored`, an edited subscription's cost, is taken back as it is.
 */
export function costDecimalsError(
  text: string,
  currency: string,
  stored?: number,
  locale?: string,
): string | undefined {
  const cost = typedCost(text, locale);
  if (!Number.isFinite(cost) || cost === stored) return undefined;
  return hasAtMostDecimals(cost, costDecimals(currency)) ? undefined : decimalsMessage(currency);
}

/**
 * The form's schema for a person whose amounts are in `currency`, who writes numbers as `locale`
 * does. `storedCost`, an edited subscription's, stays acceptable with decimals the currency has
 * not (saved before this rule).
 */
export function subscriptionFormSchema(currency: string, storedCost?: number, locale?: string) {
  return formSchema(
    z.object({
      name: SubscriptionCreateSchema.shape.name,
      next_renewal_date: requiredDate("Next renewal date is required"),
      frequency: FrequencySchema,
      interval: RepeatEverySchema,
      // spec 5: numeric, minimum 0; the currency's decimals first (the domain's rule knows two).
      cost: z.pipe(
        z.pipe(
          z.string().check(
            z.trim(),
            z.minLength(1, { error: "Cost is required" }),
            z.refine(
              (text) => costDecimalsError(text, currency, storedCost, locale) === undefined,
              {
                error: (issue) =>
                  costDecimalsError(String(issue.input), currency, storedCost, locale),
              },
            ),
          ),
          z.transform((text: string) => typedCost(text, locale)),
        ),
        CostSchema,
      ),
      // spec 5: the number is read from the choice's text, falling back to 7.
      remind_me: z.pipe(
        z.pipe(z.enum(REMINDER_OPTIONS), z.transform<ReminderOption, number>(parseReminderDays)),
        RemindDaysSchema,
      ),
      assigned_to: AssigneeSchema,
      // spec 5: optional, URL-shaped when given.
      cancel_link: z.pipe(
        z.pipe(
          z.string().check(z.trim()),
          z.transform((link: string) => (link === "" ? null : link)),
        ),
        z.nullable(CancelLinkSchema),
      ),
    }),
    (form): SubscriptionCreateInput => ({
      name: form.name,
      next_renewal_date: form.next_renewal_date,
      cost: form.cost,
      frequency: form.frequency,
      interval: form.interval,
      // spec 3, 9: a subscription is always created with priority "Medium".
      priority: DEFAULT_PRIORITY,
      cancel_link: form.cancel_link,
      remind_days_before: form.remind_me,
    }),
    SubscriptionCreateSchema,
  );
}

export type SubscriptionFormValues = z.input<ReturnType<typeof subscriptionFormSchema>>;

/** spec 3: frequency Daily, reminder "7 days before". */
export const SUBSCRIPTION_FORM_DEFAULTS: SubscriptionFormValues = {
  name: "",
  next_renewal_date: "",
  frequency: DEFAULT_FREQUENCY,
  interval: "1",
  cost: "",
  remind_me: DEFAULT_REMINDER_OPTION,
  assigned_to: ASSIGNEES[0],
  cancel_link: "",
};

/** The reminder choice that reads as `days` ("3 days before"); the default for any other number. */
function reminderOption(days: number): ReminderOption {
  return (
    REMINDER_OPTIONS.find((option) => option === reminderText(days)) ?? DEFAULT_REMINDER_OPTION
  );
}

/**
 * `cost` as its field writes it: with the decimals of `currency`, or as stored where it has more
 * (1234.5 yen, saved before the cost took its currency's decimals), with the decimal sign of
 * `locale` ("12,99" in German), as the person types it.
 */
export function costText(cost: number, currency: string, locale?: string): string {
  const decimals = costDecimals(currency);
  const text = hasAtMostDecimals(cost, decimals) ? cost.toFixed(decimals) : String(cost);
  return text.replace(".", decimalSignOf(locale));
}

/**
 * A subscription as its edit form starts: its cost in the person's `currency`'s decimals, written
 * as `locale` writes numbers, its reminder's choice. issue 21: also a subscription read from a
 * document.
 */
export function subscriptionFormValues(
  subscription: Pick<
    Subscription,
    "name" | "next_renewal_date" | "frequency" | "interval" | "cost" | "remind_days_before"
  > & { cancel_link?: string | null },
  currency: string,
  locale?: string,
): SubscriptionFormValues {
  return {
    ...SUBSCRIPTION_FORM_DEFAULTS,
    name: subscription.name,
    next_renewal_date: subscription.next_renewal_date,
    frequency: subscription.frequency,
    // A subscription read from before intervals renews every 1 (domain repeatOf).
    interval: String(subscription.interval ?? 1),
    cost: costText(subscription.cost, currency, locale),
    remind_me: reminderOption(subscription.remind_days_before),
    cancel_link: subscription.cancel_link ?? "",
  };
}
