// Issue 20: "today" and "the morning" are the person's own. Their IANA time zone ("Europe/London")
// turns an instant into the wall clock they read, and a morning of theirs into an instant. The
// product shows a task's date and time as the person typed them (decisions D6: written as UTC
// fields, never shifted), so a wall clock here is written the same way: the local date and time
// as UTC fields, in milliseconds. Uses the runtime's own time-zone data (Intl), no library.
import * as z from "zod/mini";
import { MS_PER_DAY, type IsoDate, instantOf } from "./iso-dates.js";

/** Where a person is when they have not said: the API's clock (decisions D6). */
export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * A formatter that spells an instant's wall clock in `timeZone` (the runtime's own when undefined)
 * field by field (24-hour).
 */
function wallClockFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA name's form: it begins with a letter ("Etc/GMT+5" has its sign later). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * True for a time zone the runtime knows by its IANA name ("Europe/London", "UTC"), spelt as the
 * database spells it. Intl also takes offsets ("+05:00", since Node 22) and any casing
 * ("europe/london"): neither is a name, and what reads the name after (a calendar's TZID) would
 * not know it.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_NAME.test(name)) return false;
  try {
    const known = wallClockFormatter(name).resolvedOptions().timeZone;
    // A link ("US/Eastern") may be answered by its zone's name; another casing of itself is not one.
    return known === name || known.toLowerCase() !== name.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * An IANA time zone name, as `PATCH /users/me` takes it. Marked pure: a `.check()` call is kept
 * by bundlers otherwise, and with it the formatter code, in the web app's first download, which
 * never edits a time zone (issue 7's budget).
 */
export const TimeZoneSchema = /* @__PURE__ */ z
  .string({ error: "Time zone must be text" })
  .check(z.refine(isTimeZone, { error: 'Use an IANA time zone name, such as "Europe/London"' }));

/**
 * The wall clock in `timeZone` at `instantMs`, written as UTC fields (ms); in the runtime's own
 * zone (a browser's: the device's) when `timeZone` is undefined, as calendarDateIn reads it.
 */
export function wallClockAt(instantMs: number, timeZone?: string): number {
  const fields: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const date = new Date(0);
  date.setUTCFullYear(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1);
  date.setUTCHours(fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0, 0);
  // Intl drops the milliseconds; the instant keeps them.
  return date.getTime() + (((instantMs % 1000) + 1000) % 1000);
}

/**
 * The instant at which the wall clock in `timeZone` (the runtime's own when undefined) reads
 * `hour`:00 on `date`. A time the clocks skip (a spring-forward gap) is read as the same length of
 * time after the gap began (02:30 in a 02:00-03:00 gap is 03:30); a time they pass twice (autumn)
 * is the first of the two.
 */
export function instantAtLocal(date: IsoDate, hour: number, timeZone?: string): number {
  return instantAtWallClock(instantOf(date) + hour * 3_600_000, timeZone);
}

/**
 * The instant at which the wall clock in `timeZone` (the runtime's own when undefined) reads
 * `wanted` (UTC fields, as wallClockAt writes it), by instantAtLocal's rules for a time the clocks
 * skip or pass twice.
 */
export function instantAtWallClock(wanted: number, timeZone?: string): number {
  // The offset somewhat before and after: the wanted instant is the wall time minus one of them.
  const offsetAt = (ms: number) => wallClockAt(ms, timeZone) - ms;
  const before = offsetAt(wanted - MS_PER_DAY);
  const after = offsetAt(wanted + MS_PER_DAY);
  const candidates = [wanted - before, wanted - after].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (wallClockAt(candidate, timeZone) === wanted) return candidate;
  }
  // In a gap: no instant reads `wanted`; the earlier offset carries it past the gap.
  return wanted - before;
}
