// decisions D10: what active subscriptions cost per month and per year. Each subscription's
// yearly cost is a whole number of cents (Daily x 365, Weekly x 52, Monthly x 12, Yearly x 1,
// each over the interval: every 2 weeks is 26 times a year, and a share that is not whole, as
// every 5 weeks' 10.4, is rounded to the cent for that subscription), so their sum is exact; the
// monthly figure is that sum over 12, rounded once, to the cent, at the end. No float is summed.
import * as z from "zod/mini";
import type { Frequency } from "./enums.js";
import { repeatOf } from "./recurrence.js";

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
  subscriptions: readonly {
    cost: number;
    frequency: Frequency;
    /** Left out: 1. */
    interval?: number;
    active?: boolean;
  }[],
): SubscriptionTotals {
  let yearlyCents = 0;
  let activeCount = 0;
  for (const subscription of subscriptions) {
    if (subscription.active === false) continue;
    const { frequency, interval } = repeatOf(subscription);
    yearlyCents += Math.round((centsOf(subscription.cost) * TIMES_A_YEAR[frequency]) / interval);
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
