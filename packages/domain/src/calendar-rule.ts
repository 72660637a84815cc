// decisions D11: a schedule of D9 as the iCalendar recurrence rule (RFC 5545, 3.3.10) that calendar
// apps expand to the very same dates. The rule is taken from the anchor (the date the person
// set), so an event whose first date is a later, clamped occurrence (28 February of a schedule
// from 31 January) still goes on to 31 March. A day the month may not have is written as "the
// last of the days from 28 up to it" (BYMONTHDAY=28,29,30,31;BYSETPOS=-1): the month's own day
// when it has it, its last day when it has not, where a plain BYMONTHDAY=31 would skip the month.
import type { Repeat } from "./recurrence.js";

/** The first day of the month that every month has; later anchors are clamped (D9). */
const LAST_DAY_IN_EVERY_MONTH = 28;

/** "28,29,30" for day 30: the days a clamped anchor may fall on, the last that exists wins. */
function daysUpTo(day: number): string {
  const days: number[] = [];
  for (let d = LAST_DAY_IN_EVERY_MONTH; d <= day; d += 1) days.push(d);
  return days.join(",");
}

/** BYMONTHDAY for an anchor day, with BYSETPOS when it may not exist in some months. */
function monthDay(day: number): string {
  if (day <= LAST_DAY_IN_EVERY_MONTH) return `BYMONTHDAY=${day}`;
  return `BYMONTHDAY=${daysUpTo(day)};BYSETPOS=-1`;
}

/**
 * The RRULE value (without "RRULE:") of the schedule anchored at `anchorMs` (UTC) that comes back
 * as `repeat` says (INTERVAL when it skips: every 2 weeks); its time of day comes from the event's
 * start. With an interval, BYSETPOS still picks within each month the rule lands on.
 *
 * `until` ends the series (a task's repeat_until): the UNTIL value as the event's writer spells it,
 * because RFC 5545 3.3.10 gives UNTIL the form of the event's DTSTART (a DATE for an all-day
 * start, a UTC date-time for a start in UTC or with a TZID), which only the writer knows. UNTIL is
 * inclusive: an occurrence at that very value is the last. Without it the series has no end.
 */
export function recurrenceRule(
  anchorMs: number,
  { frequency, interval }: Repeat,
  until?: string,
): string {
  const every = interval === 1 ? "" : `;INTERVAL=${interval}`;
  const end = until === undefined ? "" : `;UNTIL=${until}`;
  return `FREQ=${frequency.toUpperCase()}${every}${onDays(anchorMs, frequency)}${end}`;
}

/** The rule's BY parts: none for days and weeks (the start's own), the anchor's day otherwise. */
function onDays(anchorMs: number, frequency: Repeat["frequency"]): string {
  const anchor = new Date(anchorMs);
  switch (frequency) {
    case "Daily":
    case "Weekly":
      return "";
    case "Monthly":
      return `;${monthDay(anchor.getUTCDate())}`;
    case "Yearly": {
      // Only 29 February is missing in some years; every other date is in its month each year.
      const month = anchor.getUTCMonth() + 1;
      const day = anchor.getUTCDate();
      const byDay = month === 2 && day === 29 ? monthDay(day) : `BYMONTHDAY=${day}`;
      return `;BYMONTH=${month};${byDay}`;
    }
  }
}
