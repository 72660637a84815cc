// fast-check arbitraries of a task's and a subscription's create body, valid by the contract, and
// of the text in them: suite 5's two halves (isolation.test.ts, household-isolation.test.ts).
import { FREQUENCIES, PRIORITIES, REPEAT_INTERVAL_MAX, TASK_FREQUENCIES } from "@life-admin/domain";
import fc from "fast-check";
import { validDateTimes, validDates } from "./from-schema.js";

export const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });
/** decisions D9: a schedule's interval, every 1 as often as any other. */
export const interval = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: REPEAT_INTERVAL_MAX }));
export const taskInput = fc.record(
  {
    title: text,
    due_date: validDateTimes,
    frequency: fc.constantFrom(...TASK_FREQUENCIES),
    interval,
    priority: fc.constantFrom(...PRIORITIES),
    notes: fc.option(text, { nil: null }),
  },
  { requiredKeys: ["title", "due_date"] },
);
export const subscriptionInput = fc.record(
  {
    name: text,
    next_renewal_date: validDates,
    cost: fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
    frequency: fc.constantFrom(...FREQUENCIES),
    interval,
    priority: fc.constantFrom(...PRIORITIES),
    remind_days_before: fc.integer({ min: 0, max: 365 }),
    cancel_link: fc.option(fc.webUrl({ validSchemes: ["https", "http"] }), { nil: null }),
    active: fc.boolean(),
  },
  { requiredKeys: ["name", "next_renewal_date", "cost"] },
);
