// decisions D9: recurrence never drifts. The n-th occurrence of a schedule is its anchor (the date
// and time the person last set) plus n intervals, with the day clamped to the month's length.
// An interval is the schedule's frequency taken `interval` times (every 2 weeks, every 3 months;
// 1 unless the person chose otherwise):
// monthly from 31 January gives 28 (29) February, 31 March, 30 April; yearly from 29 February gives
// 28 February in common years and 29 February again in leap years. It is never computed from the
// previous occurrence, so a short month does not pull every later one back. All in UTC (D6), on
// instants in milliseconds; calendar dates are their 00:00 UTC.
import * as z from "zod/mini";
import { FREQUENCIES, type Frequency } from "./enums.js";
import { MS_PER_DAY, type IsoDate, instantOf, utcDateAt, utcDateOf } from "./iso-dates.js";
import { REPEAT_INTERVAL_MAX } from "./limits.js";

/** decisions D9: a task may also happen just once; subscriptions always repeat. */
export const TASK_FREQUENCIES = ["Once", ...FREQUENCIES] as const;
export const TaskFrequencySchema = z.enum(TASK_FREQUENCIES);
export type TaskFrequency = z.infer<typeof TaskFrequencySchema>;

/**
 * How many of the frequency's units lie between two occurrences (2 with Weekly: every 2 weeks). A
 * whole number from 1 to REPEAT_INTERVAL_MAX, 1 unless chosen; a task that happens once has 1.
 */
export const RepeatIntervalSchema = /* @__PURE__ */ z
  .int({ error: "Repeat every must be a whole number" })
  .check(
    z.minimum(1, { error: "Repeat every must be at least 1" }),
    z.maximum(REPEAT_INTERVAL_MAX, {
      error: () => `Repeat every must be at most ${REPEAT_INTERVAL_MAX}`,
    }),
  );

/**
 * An interval as the API answers it: the same range, without the words a caller's input is told
 * in (the entities' read schemas are in the web app's first download). Optional for answers from
 * before it was sent, read as 1 (repeatOf).
 */
export const AnsweredIntervalSchema = /* @__PURE__ */ z.optional(
  /* @__PURE__ */ z.int().check(z.minimum(1), z.maximum(REPEAT_INTERVAL_MAX)),
);

/** How often a schedule comes back: every `interval` days, weeks, months or years. */
export interface Repeat {
  frequency: Frequency;
  interval: number;
}

/** A record's repeat; a record read from before intervals (no `interval`) repeats every 1. */
export function repeatOf(record: { frequency: Frequency; interval?: number | undefined }): Repeat {
  return { frequency: record.frequency, interval: record.interval ?? 1 };
}

/**
 * The interval a task is kept with: 1 for one that happens once, whatever came with it (nothing
 * repeats); the one given otherwise. The database holds tasks to it (tasks_once_interval_check).
 */
export function keptInterval(frequency: TaskFrequency, interval: number): number {
  return frequency === "Once" ? 1 : interval;
}

/**
 * decisions D9: the date a task's series ends on as it is kept: none for one that happens once
 * (nothing repeats), the one given otherwise (null: no end). The database holds tasks to it
 * (tasks_once_until_check).
 */
export function keptRepeatUntil(
  frequency: TaskFrequency,
  until: IsoDate | null | undefined,
): IsoDate | null {
  return frequency === "Once" ? null : (until ?? null);
}

/**
 * Whether an occurrence due at `dueMs` lies past the end of its series (its date, on the
 * person's clock written as UTC fields (D6), after `until`): a series has no occurrence there.
 */
export function pastRepeatEnd(dueMs: number, until: IsoDate | null | undefined): boolean {
  return until !== null && until !== undefined && utcDateAt(dueMs) > until;
}

/** What the person is told when a new task would end before its first date. */
export const REPEAT_UNTIL_BEFORE_DUE = "Repeat until must be on or after the due date";

/**
 * Why a new task's end date cannot stand (it is before the due date's date: the series would
 * end before it began), or null when it can (or the due date is unreadable: its own check says).
 */
export function repeatUntilProblem(
  dueDate: string,
  until: IsoDate | null | undefined,
): string | null {
  const dueDay = utcDateOf(dueDate);
  if (dueDay === null || until === null || until === undefined) return null;
  return until < dueDay ? REPEAT_UNTIL_BEFORE_DUE : null;
}

/** How far apart two occurrences are at interval 1: whole days, or whole calendar months. */
const UNIT: Readonly<Record<Frequency, { days: number } | { months: number }>> = {
  Daily: { days: 1 },
  Weekly: { days: 7 },
  Monthly: { months: 1 },
  Yearly: { months: 12 },
};

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The anchor moved `months` calendar months on, its day clamped to that month's length. */
function addMonthsClamped(anchorMs: number, months: number): number {
  const anchor = new Date(anchorMs);
  const monthIndex = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  const timeOfDay =
    anchorMs - Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate());
  return Date.UTC(year, month, day) + timeOfDay;
}

/** decisions D9: the n-th occurrence (n = 0 is the anchor itself), from the anchor alone. */
export function occurrenceAt(anchorMs: number, repeat: Repeat, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Not an occurrence number: ${n}`);
  const step = n * repeat.interval;
  const unit = UNIT[repeat.frequency];
  if ("days" in unit) return anchorMs + step * unit.days * MS_PER_DAY;
  return addMonthsClamped(anchorMs, step * unit.months);
}

/** The number of the first occurrence at or after `atMs` (0 when the anchor is not before it). */
export function firstOccurrenceFrom(anchorMs: number, repeat: Repeat, atMs: number): number {
  if (atMs <= anchorMs) return 0;
  const unit = UNIT[repeat.frequency];
  if ("days" in unit) {
    return Math.ceil((atMs - anchorMs) / (repeat.interval * unit.days * MS_PER_DAY));
  }
  // A guess from the calendar months between them, then put right (clamping moves a day or two).
  const anchor = new Date(anchorMs);
  const at = new Date(atMs);
  const months =
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    (at.getUTCMonth() - anchor.getUTCMonth());
  let n = Math.max(0, Math.floor(months / (repeat.interval * unit.months)));
  while (occurrenceAt(anchorMs, repeat, n) < atMs) n += 1;
  while (n > 0 && occurrenceAt(anchorMs, repeat, n - 1) >= atMs) n -= 1;
  return n;
}

/** The occurrences from `fromMs` to `toMs`, both included, at most `limit` of them. */
export function occurrencesBetween(
  anchorMs: number,
  repeat: Repeat,
  fromMs: number,
  toMs: number,
  limit = 1000,
): number[] {
  const found: number[] = [];
  for (let n = firstOccurrenceFrom(anchorMs, repeat, fromMs); found.length < limit; n += 1) {
    const at = occurrenceAt(anchorMs, repeat, n);
    if (at > toMs) break;
    found.push(at);
  }
  return found;
}

/**
 * decisions D10: an active subscription's next renewal is never shown in the past. The first
 * renewal on or after `today`, rolled forward from the date the person entered (`anchor`).
 */
export function renewalOnOrAfter(anchor: IsoDate, repeat: Repeat, today: IsoDate): IsoDate {
  const anchorMs = instantOf(anchor);
  const n = firstOccurrenceFrom(anchorMs, repeat, instantOf(today));
  return utcDateAt(occurrenceAt(anchorMs, repeat, n));
}

/** A frequency's unit, as one of it and as several. */
const UNIT_NAME: Readonly<Record<Frequency, { one: string; other: string }>> = {
  Daily: { one: "day", other: "days" },
  Weekly: { one: "week", other: "weeks" },
  Monthly: { one: "month", other: "months" },
  Yearly: { one: "year", other: "years" },
};

/** The frequency's unit as `count` says it: "week" after 1, "weeks" after any other number. */
export function repeatUnit(frequency: Frequency, count: number): string {
  const { one, other } = UNIT_NAME[frequency];
  return count === 1 ? one : other;
}

/** How a schedule reads on screen: "Weekly" every 1, "Every 2 weeks" otherwise. */
export function repeatLabel(record: {
  frequency: Frequency;
  interval?: number | undefined;
}): string {
  const { frequency, interval } = repeatOf(record);
  return interval === 1 ? frequency : `Every ${interval} ${repeatUnit(frequency, interval)}`;
}
