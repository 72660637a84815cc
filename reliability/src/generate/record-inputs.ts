// fast-check arbitraries of a task's and a subscription's create body, valid by the contract, and
// of the text in them: suite 5's two halves (isolation.test.ts, household-isolation.test.ts).
import {
  FREQUENCIES,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  TASK_FREQUENCIES,
  addDays,
  utcDateOf,
} from "@life-admin/domain";
import fc from "fast-check";
import { validDateTimes, validDates } from "./from-schema.js";

/** The last date the API keeps (decisions D1: four-digit years). */
const LAST_DATE = "9999-12-31";

/**
 * decisions D9: a series' end `days` after its first date's (a create refuses one before it), no
 * later than the last date kept.
 */
function endAfter(dueDate: string, days: number): string {
  const first = utcDateOf(dueDate);
  if (first === null) throw new Error(`not a due date: ${dueDate}`);
  const end = addDays(first, days);
  return end.length === LAST_DATE.length && end <= LAST_DATE ? end : LAST_DATE;
}

export const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });
/** decisions D9: a schedule's interval, every 1 as often as any other. */
export const interval = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: REPEAT_INTERVAL_MAX }));
export const taskInput = fc
  .record(
    {
      title: text,
      due_date: validDateTimes,
      frequency: fc.constantFrom(...TASK_FREQUENCIES),
      interval,
      priority: fc.constantFrom(...PRIORITIES),
      notes: fc.option(text, { nil: null }),
      // Days from the first date to the series' end (repeat_until); left out: no end.
      endsAfter: fc.integer({ min: 0, max: 800 }),
    },
    { requiredKeys: ["title", "due_date"] },
  )
  .map(({ endsAfter, ...input }) =>
    endsAfter === undefined
      ? input
      : { ...input, repeat_until: endAfter(input.due_date, endsAfter) },
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
