import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FREQUENCIES } from "./enums.js";
import {
  SubscriptionTotalsAnswerSchema,
  centsOf,
  subscriptionTotals,
  totalsAnswer,
} from "./subscription-totals.js";

describe("subscription totals (decisions D10)", () => {
  it("adds each frequency's monthly equivalent: Daily x 365 / 12, Weekly x 52 / 12, Monthly, Yearly / 12", () => {
    expect(subscriptionTotals([{ cost: 1, frequency: "Daily" }])).toEqual({
      monthlyCents: 3042, // 100 x 365 / 12 = 3041.67
      yearlyCents: 36_500,
      activeCount: 1,
    });
    expect(subscriptionTotals([{ cost: 12, frequency: "Weekly" }]).monthlyCents).toBe(5200);
    expect(subscriptionTotals([{ cost: 9.99, frequency: "Monthly" }]).yearlyCents).toBe(11_988);
    expect(subscriptionTotals([{ cost: 120, frequency: "Yearly" }]).monthlyCents).toBe(1000);
  });

  it("divides by the interval: every 3 months is 4 times a year, every 5 weeks rounds to the cent", () => {
    expect(subscriptionTotals([{ cost: 30, frequency: "Monthly", interval: 3 }])).toEqual({
      monthlyCents: 1000,
      yearlyCents: 12_000,
      activeCount: 1,
    });
    expect(subscriptionTotals([{ cost: 20, frequency: "Weekly", interval: 2 }]).yearlyCents).toBe(
      52_000,
    );
    // 999 x 52 / 5 = 10,389.6 cents a year.
    expect(subscriptionTotals([{ cost: 9.99, frequency: "Weekly", interval: 5 }]).yearlyCents).toBe(
      10_390,
    );
  });

  it("counts only active subscriptions", () => {
    const totals = subscriptionTotals([
      { cost: 10, frequency: "Monthly", active: true },
      { cost: 99, frequency: "Monthly", active: false },
      { cost: 5, frequency: "Monthly" },
    ]);
    expect(totals).toEqual({ monthlyCents: 1500, yearlyCents: 18_000, activeCount: 2 });
  });

  it("has no float drift: ten 0.10 a month are exactly 1.00", () => {
    const tenDimes = Array.from({ length: 10 }, () => ({
      cost: 0.1,
      frequency: "Monthly" as const,
    }));
    expect(subscriptionTotals(tenDimes).monthlyCents).toBe(100);
    expect(centsOf(0.1 + 0.2)).toBe(30);
  });

  it("is the exact sum of the yearly cents, whatever the order, and the monthly is it over 12", () => {
    const subscription = fc.record({
      cost: fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
      frequency: fc.constantFrom(...FREQUENCIES),
      active: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(subscription, { maxLength: 50 }), (list) => {
        const totals = subscriptionTotals(list);
        const reversed = subscriptionTotals([...list].reverse());
        expect(reversed).toEqual(totals);
        expect(Number.isInteger(totals.yearlyCents)).toBe(true);
        expect(Math.abs(totals.monthlyCents * 12 - totals.yearlyCents)).toBeLessThanOrEqual(6);
        expect(totals.activeCount).toBe(list.filter((s) => s.active).length);
      }),
    );
  });
});

describe("totalsAnswer (GET /subscriptions/totals)", () => {
  it("gives the totals in the currency's units with two decimals: 3042 cents are 30.42", () => {
    const answer = totalsAnswer(subscriptionTotals([{ cost: 1, frequency: "Daily" }]));
    expect(answer).toEqual({ monthly: 30.42, yearly: 365, active_count: 1 });
    expect(JSON.stringify(answer)).toBe('{"monthly":30.42,"yearly":365,"active_count":1}');
    expect(SubscriptionTotalsAnswerSchema.parse(answer)).toEqual(answer);
  });

  it("writes every whole number of cents with at most two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (cents) => {
        const { monthly } = totalsAnswer({ monthlyCents: cents, yearlyCents: 0, activeCount: 0 });
        const [, decimals = ""] = String(monthly).split(".");
        expect(decimals.length).toBeLessThanOrEqual(2);
        expect(Math.round(monthly * 100)).toBe(cents);
      }),
    );
  });
});
