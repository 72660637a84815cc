// decisions D6: dates are shown in the user's locale but in UTC, so the date the user typed is
// the date they see in every time zone (a plain local conversion shows the day before west of
// Greenwich). A moment that happened (a file kept) is no date anyone typed: it is shown on the
// person's own clock (formatMomentDate).
import { dateTimeFormat } from "./date-formatters.js";
import { instantOf } from "./iso-dates.js";

/**
 * A date or instant (ISO text, or milliseconds since the epoch) as the user's locale writes a date ("11/21/2026" in en-US, "21/11/2026" in
 * en-GB). `locale` undefined means the runtime's locale. An unreadable value is returned as is.
 */
export function formatDate(
  value: string | number,
  locale?: string | readonly string[],
  options: Intl.DateTimeFormatOptions = {},
): string {
  const ms = typeof value === "number" ? value : instantOf(value);
  if (Number.isNaN(ms)) return String(value);
  return dateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(ms);
}

/**
 * The time of day of an instant (ISO text, or milliseconds since the epoch) as the user's locale
 * writes it, in UTC: "9:30 AM" in en-US, "21:05" in en-GB.
 */
export function formatTime(value: string | number, locale?: string | readonly string[]): string {
  return formatDate(value, locale, { hour: "numeric", minute: "2-digit" });
}

/**
 * The date of a moment that happened (ISO text, or milliseconds since the epoch: a file kept, not
 * a date the person typed) as the user's locale writes it, on the calendar of `timeZone`, the
 * person's (an IANA name; the runtime's when undefined). Written in UTC as formatDate writes, a
 * file kept at 09:00 on 1 December in Auckland said 30 November. An unreadable value is returned
 * as is.
 */
export function formatMomentDate(
  value: string | number,
  locale?: string | readonly string[],
  timeZone?: string,
  options: Intl.DateTimeFormatOptions = {},
): string {
  const ms = typeof value === "number" ? value : instantOf(value);
  if (Number.isNaN(ms)) return String(value);
  // A zone left to the runtime can change while a page is open (travel): not a kept formatter.
  const format =
    timeZone === undefined
      ? new Intl.DateTimeFormat(locale, options)
      : dateTimeFormat(locale, { ...options, timeZone });
  return format.format(ms);
}
