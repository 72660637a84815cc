// Calendar dates ("2026-01-31") and instants ("2026-01-31T09:00:00Z") as the API sends them,
// and the small pieces of arithmetic the rules need. Everything here is UTC: a date the user
// typed is a calendar date, never shifted by the viewer's time zone (decisions D6).
import * as z from "zod/mini";

export const MS_PER_DAY = 86_400_000;

/**
 * The instants the API keeps: from the year 1 (PostgreSQL has no year 0, and said so only as a
 * database error that named no field, and in an import no record) to the end of 9999, the last
 * year written with four digits (decisions D1, D6). An unreadable value is the format's to refuse.
 */
const FIRST_MS = Date.parse("0001-01-01T00:00:00Z");
const LAST_MS = Date.parse("9999-12-31T23:59:59.999Z");
function inKeptYears(value: string): boolean {
  const ms = Date.parse(value);
  return Number.isNaN(ms) || (ms >= FIRST_MS && ms <= LAST_MS);
}

/** A real calendar date in ISO form: `2024-02-29` passes, `2023-02-29` and `2026-13-01` do not. */
export const IsoDateSchema = z.iso
  .date({ error: "Use a real date in the form 2026-01-31" })
  .check(z.refine(inKeptYears, { error: "Use a date in the years 0001 to 9999" }));
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** An ISO 8601 instant with seconds, `Z` or an offset: `2026-01-31T09:00:00Z`. */
export const IsoDateTimeSchema = z.iso
  .datetime({
    offset: true,
    error: "Use a real date and time in the form 2026-01-31T09:00:00Z",
  })
  .check(z.refine(inKeptYears, { error: "Use a date and time in the years 0001 to 9999 (UTC)" }));
export type IsoDateTime = z.infer<typeof IsoDateTimeSchema>;

/** True for a calendar date without a time ("2026-01-31"). */
export function isIsoDate(value: string): boolean {
  return IsoDateSchema.safeParse(value).success;
}

/** A time of day as the form's Time field holds it: `09:30`, 24-hour, with two digits each. */
export const TimeOfDaySchema = /* @__PURE__ */ z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Use a time like 09:30" }));

/** spec 3, 9: the default task time when the form leaves Time empty. */
export const DEFAULT_TASK_TIME = "00:00";

/**
 * spec 3 and decisions D6: a task's due_date is `{date}T{time or 00:00}:00Z`.
 * Throws a RangeError for a date that is not a real calendar date or a time that is not HH:mm.
 */
export function buildDueDate(date: string, time?: string | null): IsoDateTime {
  if (!IsoDateSchema.safeParse(date).success) {
    throw new RangeError(`Not a calendar date (expected YYYY-MM-DD): ${JSON.stringify(date)}`);
  }
  const clock = time === undefined || time === null || time === "" ? DEFAULT_TASK_TIME : time;
  if (!TimeOfDaySchema.safeParse(clock).success) {
    throw new RangeError(`Not a time of day (expected HH:mm): ${JSON.stringify(clock)}`);
  }
  return `${date}T${clock}:00Z`;
}

/**
 * Whether a task due at this instant (ms) has no time of day: the form's time left empty gives
 * 00:00 (spec 3), so 00:00 means "that day", not midnight. The bell, the emails, the agenda and
 * the calendar feed read it alike, as an all-day task. An unreadable instant (NaN) is not one.
 */
export function isAllDay(dueMs: number): boolean {
  // `%` keeps the sign: a day before 1970 at 00:00 gives -0, which equals 0.
  return dueMs % MS_PER_DAY === 0;
}

/** Milliseconds since the epoch of a date (taken as 00:00 UTC) or an instant; NaN when unreadable. */
export function instantOf(value: string): number {
  // Only the two ISO forms above: Date.parse alone reads "2026-02-30" as 2 March, "1" as 2001 and
  // a time without an offset in the viewer's zone, which would move dates between zones (D6).
  const readable =
    IsoDateSchema.safeParse(value).success || IsoDateTimeSchema.safeParse(value).success;
  return readable ? Date.parse(value) : Number.NaN;
}

/** The UTC calendar date of a date or an instant, or null when unreadable. */
export function utcDateOf(value: string): IsoDate | null {
  const ms = instantOf(value);
  return Number.isNaN(ms) ? null : utcDateAt(ms);
}

/** decisions D1: an instant (ms) as the API writes it, `2026-01-31T09:00:00Z`, milliseconds only when set. */
export function isoInstantAt(ms: number): IsoDateTime {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** The UTC calendar date at an instant (milliseconds since the epoch). */
export function utcDateAt(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar date `days` after `date` (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(instantOf(date) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

const dateFormatters = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * The calendar date it is at `now` for someone in `timeZone` (an IANA name; the runtime's own
 * zone when omitted). The web app passes this as "today" to the agenda.
 */
export function calendarDateIn(now: Date, timeZone?: string): IsoDate {
  // One formatter per zone, kept: making one costs about a tenth of a millisecond, which the API
  // paid at each GET /notifications/ and for each of a morning's emails (issue 20's bench).
  let formatter = dateFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
