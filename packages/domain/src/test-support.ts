// Test-only helpers shared by the domain tests: records with sensible defaults, and the messages a
// schema gives back (the web app shows them). Not exported from the package.
import { expect } from "vitest";
import type * as z from "zod/mini";
import type { Subscription } from "./subscription.js";
import type { Task } from "./task.js";

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 1,
    title: "Renew passport",
    description: null,
    due_date: "2026-03-01T09:00:00Z",
    category: null,
    priority: "Medium",
    completed: false,
    frequency: "Daily",
    notes: null,
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    name: "Netflix",
    cost: 9.99,
    frequency: "Monthly",
    next_renewal_date: "2026-03-15",
    remind_days_before: 7,
    priority: "Medium",
    cancel_link: null,
    active: true,
    ...overrides,
  };
}

/** The messages of a failed parse, in order; an empty list when the value was accepted. */
export function issueMessages(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/**
 * Fails unless `list` is in ascending order of `key` and items with equal keys keep the order of
 * `input`, their place in the list they came from.
 */
export function expectOrderedAndStable<T extends { input: number }>(
  list: readonly T[],
  key: (item: T) => number,
): void {
  list.forEach((item, i) => {
    const before = list[i - 1];
    if (!before) return;
    expect(key(before)).toBeLessThanOrEqual(key(item));
    if (key(before) === key(item)) expect(before.input).toBeLessThan(item.input);
  });
}

/** The instant `ms` milliseconds after `from`, written as the API writes it. */
export function isoAfter(from: Date, ms: number): string {
  return new Date(from.getTime() + ms).toISOString();
}

export const SECOND = 1_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
