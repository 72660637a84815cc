// decisions D11, issue 19: a person's tasks and subscriptions as an iCalendar (RFC 5545) document,
// made with ical-generator: the feed calendar apps subscribe to, and one task's .ics download.
//
// - A pending task is an event at its due date and time; a task due at 00:00 is an all-day event,
//   any other lasts 30 minutes (what calendar apps show for a reminder). The time is the person's
//   wall clock (decisions D6): written in their time zone (TZID, with its VTIMEZONE:
//   feed-time-zone.ts) as they typed it, even in an hour the clocks skip or repeat
//   (zoned-times.ts), or in UTC for a person whose zone is UTC. A recurring task repeats by its
//   schedule's RRULE (domain/calendar-rule.ts), from the occurrence now due, up to and including
//   the day its series ends on (repeat_until: the RRULE's UNTIL, untilOf). A completed "Once"
//   task is not in the feed.
// - An active subscription is an all-day event on its next renewal date, repeating by its
//   frequency from the date the person entered, with an alarm remind_days_before days ahead and
//   its cancel link as URL. A paused one is not in the feed. Its cost is in the person's currency
//   (issue 22), written as English does, the feed's language.
// - An event's UID is its record's ("task-42@host") and never changes; an edit shows as a higher
//   SEQUENCE and a later LAST-MODIFIED and DTSTAMP (the record's revision and updated_at).
// - Nothing about the person is in it: no name, no email.
import {
  PRODUCT_NAME,
  type Frequency,
  type IsoDate,
  type TaskFrequency,
  asOneLine,
  formatMoney,
  instantAtWallClock,
  instantOf,
  isAllDay,
  pastRepeatEnd,
  recurrenceRule,
  safeLink,
  withTextControlsOnly,
} from "@life-admin/domain";
import ical, { ICalAlarmType, type ICalCalendar, foldLines, formatDate } from "ical-generator";
import { type FeedTimeZone, feedTimeZone } from "./feed-time-zone.js";
import { DURATION_STAND_IN, inZone, zonedEnd } from "./zoned-times.js";

/** What calendar apps call the calendar. */
export const CALENDAR_NAME = PRODUCT_NAME;
/** How often a calendar app should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const REFRESH_SECONDS = 60 * 60;
/** How long a task with a time of day lasts in a calendar. */
export const TIMED_TASK_MINUTES = 30;

const DAY_MS = 86_400_000;

export interface FeedTask {
  id: number;
  title: string;
  notes: string | null;
  dueDate: Date;
  frequency: TaskFrequency;
  interval: number;
  anchorAt: Date;
  /** decisions D9: the last date its series may fall on, or null: no end. */
  repeatUntil: IsoDate | null;
  completed: boolean;
  revision: number;
  updatedAt: Date;
}

export interface FeedSubscription {
  id: number;
  name: string;
  cost: number;
  frequency: Frequency;
  interval: number;
  /** The next renewal as any read answers it (rolled forward: decisions D10). */
  nextRenewalDate: IsoDate;
  renewalAnchor: IsoDate;
  remindDaysBefore: number;
  cancelLink: string | null;
  active: boolean;
  revision: number;
  updatedAt: Date;
}

export interface FeedContent {
  /** The API's host name, which makes the events' UIDs unique beyond this calendar. */
  host: string;
  tasks: readonly FeedTask[];
  subscriptions: readonly FeedSubscription[];
  /** The person's ISO 4217 currency, for the renewals' costs. */
  currency: string;
  /** The person's IANA time zone, whose wall clock the tasks' times are. */
  timeZone: string;
}

/** The last instant iCalendar writes: its DATE and DATE-TIME have four-digit years. */
const LAST_INSTANT_MS = Date.parse("9999-12-31T23:59:59Z");

/**
 * An event's end, or nothing when it would fall in year 10000 (a due date of 31 December 9999,
 * which the API accepts): without DTEND, an all-day event lasts its day and a timed one ends when
 * it starts (RFC 5545 3.6.1), where a five-digit year would spoil the whole feed for some apps.
 */
function endWithin(endMs: number): Date | null {
  return endMs > LAST_INSTANT_MS ? null : new Date(endMs);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The RRULE's UNTIL for a series that ends on `until` (decisions D9: its occurrences fall on that
 * date or before, on the person's clock), in the form RFC 5545 3.3.10 asks of the event's
 * DTSTART. An all-day start is a DATE, so UNTIL is the DATE itself. A timed start has a TZID or
 * ends in Z (the feed writes no floating time), so UNTIL is a UTC date-time: the last second of
 * that day on the person's clock, in their zone or in UTC. The day's end rather than the last
 * occurrence's instant, so that no reader's placing of an occurrence in an hour the clocks skip
 * or repeat moves it across UNTIL: every occurrence on the end day is in, whatever its time (23:30
 * in New York is 04:30 UTC the next day), and the next day's are out. The day's end is the
 * instant before the next day begins, which a zone whose clocks skip or repeat midnight also has.
 * An end on 31 December 9999 west of UTC would be in year 10000, which iCalendar cannot write
 * (endWithin): it is then the last instant it can, a few hours early.
 */
function untilOf(until: IsoDate, allDay: boolean, zone: FeedTimeZone | null): string {
  if (allDay) return until.replaceAll("-", "");
  const nextDayMs = instantOf(until) + DAY_MS;
  const nextDayStartMs = zone === null ? nextDayMs : instantAtWallClock(nextDayMs, zone.name);
  return formatDate(null, new Date(Math.min(nextDayStartMs - 1000, LAST_INSTANT_MS)));
}

/**
 * A timed task's start and end as floating times, which inZone (zoned-times.ts) then writes in
 * the person's zone. The end is a DTEND, or a DURATION when the start or end falls in an hour the
 * clocks skip or repeat. A null `end` means the event has none (endWithin).
 */
function zonedTimes(start: Date, end: Date | null, zone: FeedTimeZone) {
  if (end === null) return { start, floating: true };
  const exactEnd = zonedEnd(start, TIMED_TASK_MINUTES, zone.name);
  if (exactEnd !== null) return { start, end: exactEnd, floating: true };
  return { start, floating: true, x: { [DURATION_STAND_IN]: `PT${TIMED_TASK_MINUTES}M` } };
}

function addTask(
  calendar: ICalCalendar,
  host: string,
  task: FeedTask,
  zone: FeedTimeZone | null,
): void {
  if (task.completed) return;
  const allDay = isAllDay(task.dueDate.getTime());
  // The due date's UTC fields are the person's wall clock (decisions D6).
  const start = task.dueDate;
  const end = endWithin(start.getTime() + (allDay ? DAY_MS : TIMED_TASK_MINUTES * 60_000));
  calendar.createEvent({
    id: `task-${task.id}@${host}`,
    ...(allDay
      ? { start: isoDay(start), ...(end === null ? {} : { end: isoDay(end) }), allDay }
      : zone === null
        ? { start, end }
        : zonedTimes(start, end, zone)),
    // A title on one line and notes without control characters, also from rows stored before
    // the domain refused them (visible-text.ts): RFC 5545 TEXT holds no control but HTAB.
    summary: asOneLine(task.title),
    description: task.notes === null ? null : withTextControlsOnly(task.notes),
    repeating:
      task.frequency === "Once"
        ? null
        : recurrenceRule(
            task.anchorAt.getTime(),
            { frequency: task.frequency, interval: task.interval },
            task.repeatUntil === null ? undefined : untilOf(task.repeatUntil, allDay, zone),
          ),
    sequence: task.revision,
    stamp: task.updatedAt,
    lastModified: task.updatedAt,
  });
}

/** The feed's language (its PRODID says EN), which writes the amounts. */
const FEED_LOCALE = "en";

/**
 * RFC 5545 3.3.13: a URI value is written as it is, never backslash-escaped as TEXT is; but
 * ical-generator 11.1.2 escapes an event's URL as TEXT (a `;` or `,` in a cancel link came out
 * as `\;`, `\,`, which ical.js keeps). So an event's URL is this stand-in, followed by the link's
 * index in its page (short, plain ASCII: never folded), and its line is written again unescaped
 * (withUrls).
 */
const URL_STAND_IN = "urn:x-life-admin:cancel-link:";
const URL_LINE = new RegExp(`^URL;VALUE=URI:${URL_STAND_IN}(\\d+)(?=\r\n)`, "gm");

/**
 * The events' text with each stand-in's line written with its link, folded as ical-generator
 * folds. A line can begin with "URL;" only as a property: a TEXT value's line breaks are escaped
 * and its folded lines begin with a space.
 */
function withUrls(text: string, links: readonly string[]): string {
  return text.replace(URL_LINE, (_line, index: string) =>
    foldLines(`URL;VALUE=URI:${links[Number(index)] ?? ""}`),
  );
}

function addSubscription(
  calendar: ICalCalendar,
  host: string,
  subscription: FeedSubscription,
  currency: string,
  links: string[],
): void {
  if (!subscription.active) return;
  // Written unescaped, so only a link that is safe as it is (domain/cancel-link.ts: no
  // whitespace or control characters, so no line break) is written at all.
  const cancelLink = safeLink(subscription.cancelLink);
  const index = links.length;
  if (cancelLink !== null) links.push(cancelLink);
  const start = subscription.nextRenewalDate;
  const next = endWithin(Date.parse(`${start}T00:00:00Z`) + DAY_MS);
  const summary = `Renewal: ${asOneLine(subscription.name)} (${formatMoney(subscription.cost, currency, FEED_LOCALE)})`;
  calendar.createEvent({
    id: `subscription-${subscription.id}@${host}`,
    start: start,
    ...(next === null ? {} : { end: isoDay(next) }),
    allDay: true,
    summary,
    repeating: recurrenceRule(Date.parse(`${subscription.renewalAnchor}T00:00:00Z`), subscription),
    url: cancelLink === null ? null : `${URL_STAND_IN}${index}`,
    sequence: subscription.revision,
    stamp: subscription.updatedAt,
    lastModified: subscription.updatedAt,
    alarms: [
      {
        type: ICalAlarmType.display,
        triggerBefore: subscription.remindDaysBefore * 86_400,
        description: summary,
      },
    ],
  });
}

function emptyCalendar(zone: FeedTimeZone | null = null): ICalCalendar {
  return ical({
    name: CALENDAR_NAME,
    prodId: { company: PRODUCT_NAME, product: PRODUCT_NAME, language: "EN" },
    ttl: REFRESH_SECONDS,
    // The zone's VTIMEZONE, written once at the top (with X-WR-TIMEZONE). Only the calendar's
    // opening is made with it: ical-generator would write an event's DTSTAMP in the calendar's
    // zone, which RFC 5545 wants in UTC, so events are made in calendars without one.
    ...(zone === null ? {} : { timezone: { name: zone.tzid, generator: () => zone.vtimezone } }),
  });
}

/** What a calendar's text ends with, after its last event: RFC 5545 ends every line in CRLF. */
const CALENDAR_END = "END:VCALENDAR";

/** A calendar's text without its end. */
const cut = (calendar: ICalCalendar) => calendar.toString().slice(0, -CALENDAR_END.length);
/** Where the events of a calendar without a zone begin: after the same opening every time. */
let eventsFrom: number | undefined;
const eventsOf = (calendar: ICalCalendar) =>
  cut(calendar).slice((eventsFrom ??= cut(emptyCalendar()).length));

/** feedIcs's text made a page of records at a time: its opening, each page's events, its end. */
export interface FeedIcsParts {
  readonly opening: string;
  taskEvents(page: readonly FeedTask[]): string;
  subscriptionEvents(page: readonly FeedSubscription[]): string;
  readonly end: string;
}

/**
 * A calendar's text in parts, for a person with 10,000 tasks (issue 22's export): the opening,
 * then each page's events, then the end. Each page is a calendar of its own whose opening and end
 * are cut off (ical-generator folds long lines line by line, so cutting between events changes
 * nothing). The feed and a task's .ics are made the same way, of one page each.
 */
export function feedIcsParts(host: string, currency: string, timeZone: string): FeedIcsParts {
  const zone = feedTimeZone(timeZone);
  return {
    opening: cut(emptyCalendar(zone)),
    taskEvents(page) {
      const calendar = emptyCalendar();
      for (const task of page) addTask(calendar, host, task, zone);
      return zone === null ? eventsOf(calendar) : inZone(eventsOf(calendar), zone.tzid);
    },
    subscriptionEvents(page) {
      const calendar = emptyCalendar();
      const links: string[] = [];
      for (const subscription of page) {
        addSubscription(calendar, host, subscription, currency, links);
      }
      return withUrls(eventsOf(calendar), links);
    },
    end: `${CALENDAR_END}\r\n`,
  };
}

/** The whole feed: every pending or recurring task and every active subscription. */
export function feedIcs({ host, tasks, subscriptions, currency, timeZone }: FeedContent): string {
  const parts = feedIcsParts(host, currency, timeZone);
  return (
    parts.opening + parts.taskEvents(tasks) + parts.subscriptionEvents(subscriptions) + parts.end
  );
}

/**
 * One task as a calendar of its own (GET /tasks/{task_id}/ics): the same event as in the feed. A
 * series that has ended (decisions D9: its due date past its repeat_until) has no date left to
 * come, so it is written from its first date, its anchor, to its end: the file holds the dates it
 * had, where from its due date it would hold none.
 */
export function taskIcs(host: string, task: FeedTask, timeZone: string): string {
  const parts = feedIcsParts(host, "", timeZone);
  const ended = pastRepeatEnd(task.dueDate.getTime(), task.repeatUntil);
  const event = { ...task, completed: false, dueDate: ended ? task.anchorAt : task.dueDate };
  return parts.opening + parts.taskEvents([event]) + parts.end;
}
