// decisions D10: what active subscriptions cost per month and per year. Each subscription's
// yearly cost is a whole number of cents (Daily x 365, Weekly x 52, Monthly x 12, Yearly x 1), so
// their sum is exact; the monthly figure is that sum over 12 (Daily x 365 / 12, Weekly x 52 / 12,
// Monthly x 1, Yearly / 12), rounded once, to the cent, at the end. No float is ever summed.
import * as z from "zod/mini";
import type { Frequency } from "./enums.js";

const TIMES_A_YEAR: Readonly<Record<Frequency, number>> = {
  Daily: 365,
  Weekly: 52,
  Monthly: 12,
  Yearly: 1,
};

/** A cost with two decimals (9.99) in whole cents (999). */
export function centsOf(cost: number): number {
  return Math.round(cost * 100);
}

export interface SubscriptionTotals {
  /** Per month, in cents, rounded half up once. */
  monthlyCents: number;
  /** Per year, in cents, exact. */
  yearlyCents: number;
  /** How many subscriptions were counted (the active ones). */
  activeCount: number;
}

/** The totals of the active subscriptions (`active` left out counts as active). */
export function subscriptionTotals(
  subscriptions: readonly { cost: number; frequency: Frequency; active?: boolean }[],
): SubscriptionTotals {
  let yearlyCents = 0;
  let activeCount = 0;
  for (const { cost, frequency, active = true } of subscriptions) {
    if (!active) continue;
    yearlyCents += centsOf(cost) * TIMES_A_YEAR[frequency];
    activeCount += 1;
  }
  return { monthlyCents: Math.round(yearlyCents / 12), yearlyCents, activeCount };
}

/** Whole cents (3042) as the currency's units with two decimals (30.42). */
export function unitsOf(cents: number): number {
  return cents / 100;
}

/** GET /subscriptions/totals: the totals in the currency's units, and how many were counted. */
export const SubscriptionTotalsAnswerSchema = z.object({
  /** Per month, with two decimals. */
  monthly: z.number(),
  /** Per year, with two decimals. */
  yearly: z.number(),
  /** How many active subscriptions the totals count. */
  active_count: z.int().check(z.nonnegative()),
});
export type SubscriptionTotalsAnswer = z.infer<typeof SubscriptionTotalsAnswerSchema>;

/** The totals as GET /subscriptions/totals answers them. */
export function totalsAnswer(totals: SubscriptionTotals): SubscriptionTotalsAnswer {
  return {
    monthly: unitsOf(totals.monthlyCents),
    yearly: unitsOf(totals.yearlyCents),
    active_count: totals.activeCount,
  };
}
