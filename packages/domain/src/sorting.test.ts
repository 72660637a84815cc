import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRIORITIES, type Priority } from "./enums.js";
import { sortSubscriptionsByRenewal, sortTasksByPriority } from "./sorting.js";
import { expectOrderedAndStable } from "./test-support.js";

const RANK: Record<Priority, number> = { High: 0, Medium: 1, Low: 2 };

/** Tags each item with its place in the input, so order among equals can be checked. */
function numbered<T extends object>(items: T[]): (T & { input: number })[] {
  return items.map((item, input) => ({ ...item, input }));
}

/** Fails unless `sorted` holds exactly the items of `input`, each once. */
function expectPermutationOf(sorted: { input: number }[], input: { input: number }[]): void {
  expect(sorted.map((item) => item.input).sort((a, b) => a - b)).toEqual(
    input.map((item) => item.input),
  );
}

describe("sortTasksByPriority", () => {
  it("puts High first, then Medium, then Low", () => {
    const tasks = numbered([
      { priority: "Low" },
      { priority: "High" },
      { priority: "Medium" },
    ] as const);
    expect(sortTasksByPriority(tasks).map((t) => t.priority)).toEqual(["High", "Medium", "Low"]);
  });

  it("keeps the given order among tasks of one priority", () => {
    const tasks = numbered([
      { priority: "Medium" },
      { priority: "High" },
      { priority: "Medium" },
      { priority: "High" },
      { priority: "Medium" },
    ] as const);
    expect(sortTasksByPriority(tasks).map((t) => t.input)).toEqual([1, 3, 0, 2, 4]);
  });

  it("returns a new list and leaves the given one as it was", () => {
    const tasks = numbered([{ priority: "Low" }, { priority: "High" }] as const);
    const sorted = sortTasksByPriority(tasks);
    expect(sorted).not.toBe(tasks);
    expect(tasks.map((t) => t.input)).toEqual([0, 1]);
  });

  it("returns an empty list for no tasks", () => {
    expect(sortTasksByPriority([])).toEqual([]);
  });

  it("always gives an ordered, stable permutation of its input", () => {
    const tasks = fc.array(fc.record({ priority: fc.constantFrom(...PRIORITIES) }), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(tasks, (generated) => {
        const input = numbered(generated);
        const sorted = sortTasksByPriority(input);
        expectPermutationOf(sorted, input);
        expectOrderedAndStable(sorted, (task) => RANK[task.priority]);
      }),
    );
  });
});

describe("sortSubscriptionsByRenewal", () => {
  it("puts the soonest renewal first", () => {
    const subscriptions = [
      { name: "Gym", next_renewal_date: "2026-04-01" },
      { name: "Netflix", next_renewal_date: "2026-03-01" },
      { name: "Spotify", next_renewal_date: "2026-03-15" },
    ];
    expect(sortSubscriptionsByRenewal(subscriptions).map((s) => s.name)).toEqual([
      "Netflix",
      "Spotify",
      "Gym",
    ]);
  });

  it("orders dates and instants on one time line", () => {
    const subscriptions = [
      { name: "evening", next_renewal_date: "2026-03-01T18:00:00Z" },
      { name: "next day", next_renewal_date: "2026-03-02" },
      { name: "midnight", next_renewal_date: "2026-03-01" },
    ];
    expect(sortSubscriptionsByRenewal(subscriptions).map((s) => s.name)).toEqual([
      "midnight",
      "evening",
      "next day",
    ]);
  });

  it("puts unreadable dates last, keeping their order", () => {
    const subscriptions = [
      { name: "blank", next_renewal_date: "" },
      { name: "later", next_renewal_date: "2026-05-01" },
      { name: "impossible", next_renewal_date: "2026-02-30" },
      { name: "sooner", next_renewal_date: "2026-03-01" },
      { name: "words", next_renewal_date: "next month" },
    ];
    expect(sortSubscriptionsByRenewal(subscriptions).map((s) => s.name)).toEqual([
      "sooner",
      "later",
      "blank",
      "impossible",
      "words",
    ]);
  });

  it("keeps the given order among renewals on the same date", () => {
    const subscriptions = numbered([
      { next_renewal_date: "2026-03-02" },
      { next_renewal_date: "2026-03-01" },
      { next_renewal_date: "2026-03-02" },
      { next_renewal_date: "2026-03-01" },
    ]);
    expect(sortSubscriptionsByRenewal(subscriptions).map((s) => s.input)).toEqual([1, 3, 0, 2]);
  });

  it("returns a new list and leaves the given one as it was", () => {
    const subscriptions = numbered([
      { next_renewal_date: "2026-04-01" },
      { next_renewal_date: "2026-03-01" },
    ]);
    const sorted = sortSubscriptionsByRenewal(subscriptions);
    expect(sorted).not.toBe(subscriptions);
    expect(subscriptions.map((s) => s.input)).toEqual([0, 1]);
  });

  it("always gives an ordered, stable permutation of its input", () => {
    // Each generated renewal carries the instant it stands for (unreadable: last, as +Infinity).
    const day = fc.integer({ min: 0, max: 20 }).map((n) => {
      const key = Date.UTC(2026, 1, 20 + n);
      return { next_renewal_date: new Date(key).toISOString().slice(0, 10), key };
    });
    const instant = fc
      .integer({ min: Date.UTC(2026, 1, 20), max: Date.UTC(2026, 2, 12) })
      .map((key) => ({ next_renewal_date: new Date(key).toISOString(), key }));
    const unreadable = fc
      .constantFrom("", "soon", "2026-02-30", "2026-03-01T09:00:00")
      .map((next_renewal_date) => ({ next_renewal_date, key: Number.POSITIVE_INFINITY }));
    const renewals = fc.array(fc.oneof(day, day, instant, unreadable), { maxLength: 40 });
    fc.assert(
      fc.property(renewals, (generated) => {
        const input = numbered(generated);
        const sorted = sortSubscriptionsByRenewal(input);
        expectPermutationOf(sorted, input);
        expectOrderedAndStable(sorted, (subscription) => subscription.key);
      }),
    );
  });
});
