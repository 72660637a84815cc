// What a create must answer besides its schema: the record as sent, after the documented
// normalisation only (titles and names trimmed, defaults applied, the instant kept, a passed
// renewal of an active subscription rolled forward). A 201 that
// silently changed a value (a character replaced, a number rounded) is a defect even when the
// answer is well-formed.
import {
  SubscriptionCreateSchema,
  TaskCreateSchema,
  addDays,
  renewalOnOrAfter,
  utcDateAt,
  keptInterval,
  keptRepeatUntil,
} from "@life-admin/domain";
import { isDeepStrictEqual } from "node:util";

type Echo = (sent: unknown, answered: Record<string, unknown>) => string[];

function differences(expected: Record<string, unknown>, answered: Record<string, unknown>) {
  return Object.entries(expected)
    .filter(([key, value]) => !isDeepStrictEqual(answered[key], value))
    .map(
      ([key, value]) =>
        `${key}: sent ${JSON.stringify(value)}, answered ${JSON.stringify(answered[key])}`,
    );
}

const taskEcho: Echo = (sent, answered) => {
  const parsed = TaskCreateSchema.safeParse(sent);
  if (!parsed.success) return [`201 for a task the domain schema refuses: ${parsed.error.message}`];
  const input = parsed.data;
  const problems = differences(
    {
      title: input.title,
      notes: input.notes ?? null,
      description: input.notes ?? null,
      frequency: input.frequency,
      interval: keptInterval(input.frequency, input.interval),
      repeat_until: keptRepeatUntil(input.frequency, input.repeat_until),
      priority: input.priority,
      completed: false,
      category: null,
    },
    answered,
  );
  if (Date.parse(String(answered.due_date)) !== Date.parse(input.due_date)) {
    problems.push(`due_date: sent ${input.due_date}, answered ${String(answered.due_date)}`);
  }
  return problems;
};

const subscriptionEcho: Echo = (sent, answered) => {
  const parsed = SubscriptionCreateSchema.safeParse(sent);
  if (!parsed.success) {
    return [`201 for a subscription the domain schema refuses: ${parsed.error.message}`];
  }
  const input = parsed.data;
  const problems = differences(
    {
      name: input.name,
      // Money is kept in whole cents: the domain accepts binary noise such as
      // 0.30000000000000004 as 0.30 (hasAtMostTwoDecimals), and -0 is 0.
      cost: Math.round(input.cost * 100) / 100 || 0,
      frequency: input.frequency,
      interval: input.interval,
      priority: input.priority,
      remind_days_before: input.remind_days_before === 0 ? 0 : input.remind_days_before,
      cancel_link: input.cancel_link ?? null,
      active: input.active,
    },
    answered,
  );
  // decisions D10: an active subscription's date is rolled forward to today (UTC) or later; a
  // paused one's is kept. Today is the API's: the answer came this day or, past midnight, the last.
  const today = utcDateAt(Date.now());
  const expected = input.active
    ? [today, addDays(today, -1)].map((day) =>
        renewalOnOrAfter(input.next_renewal_date, input, day),
      )
    : [input.next_renewal_date];
  if (!expected.includes(String(answered.next_renewal_date))) {
    problems.push(
      `next_renewal_date: sent ${input.next_renewal_date} (${input.active ? "active" : "paused"}), answered ${String(answered.next_renewal_date)}`,
    );
  }
  return problems;
};

/** By operation key: the checks for operations that create a record. */
export const createEchoes: Record<string, Echo> = {
  "POST /tasks/": taskEcho,
  "POST /subscriptions/": subscriptionEcho,
};
