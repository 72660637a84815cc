// spec 9: how many days until a renewal, its two label sets, and the Renewals Soon window.
import { type IsoDate, MS_PER_DAY, calendarDateIn, instantOf, utcDateOf } from "./iso-dates.js";
import { sortSubscriptionsByRenewal } from "./sorting.js";

/**
 * spec 9: Renewals Soon looks 720 hours ahead: 30 of the person's days after their today (a
 * renewal dated today + 30 is in, whatever the hour).
 */
export const RENEWAL_WINDOW_DAYS = 30;
/** spec 9: Renewals Soon lists at most five. */
export const RENEWALS_SOON_LIMIT = 5;

/**
 * decisions D10, D13: the day on which a person's subscriptions are rolled forward and answered:
 * their own today, in their time zone, on either side of UTC, as their bell and agenda count it.
 * East of UTC, after their midnight a renewal of yesterday is no longer the next one. West of it,
 * a renewal of their today stays the next one until their own midnight: rolled on UTC's date, it
 * left their lists, agenda and calendar each evening (from 16:00 in Los Angeles) for next month's,
 * while the bell still said "Renews today".
 */
export function renewalDay(now: Date, timeZone: string): IsoDate {
  return calendarDateIn(now, timeZone);
}

/**
 * spec 9 and decisions D6: calendar days from the person's `today` (their date, in their time
 * zone: `calendarDateIn(now, timeZone)`, as the agenda and the bell count) until the day of
 * `value` (a date, or an instant whose day is its UTC date, the wall clock as typed): 0 for a
 * renewal dated today at any hour, 1 for tomorrow, negative once passed. Not 24-hour spans from
 * now to 00:00 UTC, which were a day off for part of every day anywhere but UTC. NaN when either
 * is unreadable.
 */
export function daysUntil(value: string, today: IsoDate): number {
  const day = utcDateOf(value);
  if (day === null) return Number.NaN;
  return Math.round((instantOf(day) - instantOf(today)) / MS_PER_DAY);
}

/** spec 9: the label on the Renewals Soon card. */
export function renewalCardLabel(days: number): string {
  if (days < 0) return "Expired";
  if (days === 0) return "Renews today";
  if (days === 1) return "Renews in 1 day";
  return `Renews in ${days} days`;
}

/** spec 9: the label in the All Subscriptions list. */
export function renewalListLabel(days: number): string {
  if (days < 0) return "Expired";
  if (days === 0) return "Today";
  if (days === 1) return "Tomorrow";
  return `${days} days`;
}

/**
 * spec 9: subscriptions whose next renewal falls from the person's `today` (see daysUntil) to
 * RENEWAL_WINDOW_DAYS after it, both days included, soonest first, at most five. A renewal is in
 * all its day ("Renews today" until the person's midnight). decisions D10: a paused subscription
 * (`active: false`) does not renew and is left out; one without `active` counts as active.
 */
export function renewalsSoon<T extends { next_renewal_date: string; active?: boolean }>(
  subscriptions: readonly T[],
  today: IsoDate,
): T[] {
  const inWindow = subscriptions.filter((s) => {
    if (s.active === false) return false;
    const days = daysUntil(s.next_renewal_date, today);
    return days >= 0 && days <= RENEWAL_WINDOW_DAYS;
  });
  return sortSubscriptionsByRenewal(inWindow).slice(0, RENEWALS_SOON_LIMIT);
}
