// spec 9: how many days until a renewal, its two label sets, and the Renewals Soon window.
import {
  type IsoDate,
  MS_PER_DAY,
  calendarDateIn,
  instantOf,
  isIsoDate,
  utcDateAt,
} from "./iso-dates.js";
import { sortSubscriptionsByRenewal } from "./sorting.js";

/** spec 9: Renewals Soon looks 720 hours (30 days) ahead. */
export const RENEWAL_WINDOW_HOURS = 720;
/** spec 9: Renewals Soon lists at most five. */
export const RENEWALS_SOON_LIMIT = 5;

const RENEWAL_WINDOW_MS = RENEWAL_WINDOW_HOURS * 3_600_000;

/**
 * decisions D10: the day on which a person's subscriptions are rolled forward and answered: their
 * own today, in their time zone, and never before UTC's (the API answers no renewal before today
 * in UTC). East of UTC their date comes first: after their midnight a renewal of yesterday is no
 * longer the next one, as their bell and agenda already have it. West of it, UTC's does.
 */
export function renewalDay(now: Date, timeZone: string): IsoDate {
  const utc = utcDateAt(now.getTime());
  const theirs = calendarDateIn(now, timeZone);
  return theirs > utc ? theirs : utc;
}

/**
 * spec 9: whole days from `now` until `value` (a date, taken as 00:00 UTC, or an instant), rounded
 * up: anything later today or up to 24 hours ahead is 1, the past 24 hours are 0, earlier is
 * negative. NaN when the value is unreadable.
 */
export function daysUntil(value: string, now: Date): number {
  const days = Math.ceil((instantOf(value) - now.getTime()) / MS_PER_DAY);
  return days === 0 ? 0 : days; // no -0
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
 * spec 9: subscriptions whose next renewal lies from `now` to `now` + 720 hours, both ends
 * included, soonest first, at most five. A date without a time renews all that (UTC) day, so it
 * stays in until the day is over: read as 00:00 UTC alone, today's renewal would leave the card at
 * 00:00:01 and "Renews today" could never be shown. decisions D10: a paused subscription
 * (`active: false`) does not renew and is left out; one without `active` counts as active.
 */
export function renewalsSoon<T extends { next_renewal_date: string; active?: boolean }>(
  subscriptions: readonly T[],
  now: Date,
): T[] {
  const start = now.getTime();
  const end = start + RENEWAL_WINDOW_MS;
  const inWindow = subscriptions.filter((s) => {
    if (s.active === false) return false;
    const at = instantOf(s.next_renewal_date);
    const lastMoment = isIsoDate(s.next_renewal_date) ? at + MS_PER_DAY - 1 : at;
    return lastMoment >= start && at <= end;
  });
  return sortSubscriptionsByRenewal(inWindow).slice(0, RENEWALS_SOON_LIMIT);
}
