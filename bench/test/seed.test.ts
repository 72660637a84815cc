// The records the bench creates are ones the API accepts (the domain's create schemas), spread
// as the dashboard needs them.
import { SubscriptionCreateSchema, TaskCreateSchema } from "@life-admin/domain";
import { describe, expect, it } from "vitest";
import { subscriptionFor, taskFor } from "../src/support/seed.js";

const NOW = new Date("2026-11-21T09:30:00Z");
const DAY_MS = 86_400_000;

describe("the bench's records", () => {
  const tasks = Array.from({ length: 1000 }, (_, n) => taskFor(n, NOW));
  const subscriptions = Array.from({ length: 200 }, (_, n) => subscriptionFor(n, NOW));

  it("are valid creates", () => {
    for (const task of tasks) expect(TaskCreateSchema.safeParse(task).success).toBe(true);
    for (const subscription of subscriptions) {
      expect(SubscriptionCreateSchema.safeParse(subscription).success).toBe(true);
    }
  });

  it("put tasks from 20 days ago to a year ahead, in every priority", () => {
    const offsets = tasks.map((task) => (Date.parse(task.due_date) - NOW.getTime()) / DAY_MS);
    expect(Math.min(...offsets)).toBeLessThan(-19);
    expect(Math.max(...offsets)).toBeGreaterThan(360);
    expect(offsets.filter((days) => days >= 0 && days < 7).length).toBeGreaterThan(10);
    expect(new Set(tasks.map((task) => task.priority))).toEqual(new Set(["High", "Medium", "Low"]));
  });

  it("renew subscriptions over the coming year, some within the 30-day window", () => {
    const days = subscriptions.map(
      (s) => (Date.parse(`${s.next_renewal_date}T00:00:00Z`) - Date.parse("2026-11-21")) / DAY_MS,
    );
    expect(Math.min(...days)).toBe(0);
    expect(Math.max(...days)).toBeLessThan(366);
    expect(days.filter((d) => d <= 30).length).toBeGreaterThan(5);
  });
});
