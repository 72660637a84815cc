// decisions D11, issue 19: the RRULEs the feed emits mean exactly the domain's rule (D9). Every
// schedule the feed can emit (anchor days 1-31 for Monthly, every day of a leap year with 29
// February for Yearly, days 1-31 for Daily and Weekly; every 1 and with intervals, whose INTERVAL
// counts from the event's start), with the event starting at the anchor or
// at a later, clamped occurrence, is written by the feed, read back with Mozilla's ical.js, and
// expanded over ten years by two RRULE implementations that are not ours: the rrule package, and
// rrule-temporal as node-ical (a second parser) reads the same text. Both must give the domain's
// occurrences, date by date.
//
// A series with an end (a task's repeat_until) carries an UNTIL in the form of its DTSTART (a
// DATE, or a UTC date-time for a start in UTC or in the person's zone): its events are proven in
// UTC and in zones on either side of it, up to and including the end day and none after, and
// expanded by ical.js's own iterator too.
//
// Not used as an expander of a rule with BYSETPOS: ical.js 2.2's own iterator, which reads the
// rules but ignores BYSETPOS beside BYMONTHDAY (it gives both the 28th and the 31st: ical.js#960),
// against RFC 5545 (3.3.10) and the two implementations here. The rule's form is the one decisions
// D11 and issue 19 name.
import {
  type Frequency,
  type IsoDate,
  type Repeat,
  occurrenceAt,
  occurrencesBetween,
  pastRepeatEnd,
  utcDateAt,
  wallClockAt,
} from "@life-admin/domain";
import ICAL from "ical.js";
import nodeIcal from "node-ical";
import rrulePackage from "rrule";
import { describe, expect, it } from "vitest";
import { type FeedSubscription, type FeedTask, feedIcs } from "../src/calendar/feed-ics.js";
import { calendarOf } from "./support/ical.js";

const { RRule } = rrulePackage;
const DAY_MS = 86_400_000;
const TEN_YEARS_MS = 3653 * DAY_MS;
const STAMP = new Date("2026-11-20T10:00:00Z");

/**
 * One event of the feed as ical.js reads it (its start's wall clock as UTC fields, and RRULE
 * text), and node-ical's and ical.js's expansions.
 */
interface ReadEvent {
  uid: string;
  startMs: number;
  rule: string;
  isDate: boolean;
  /** rrule-temporal's occurrences (instants) from `fromMs` to `untilMs`, as node-ical read it. */
  expandedByNodeIcal(fromMs: number, untilMs: number): number[];
  /** ical.js's own occurrences, each one's wall clock as UTC fields, up to `limit` of them. */
  expandedByIcalJs(limit: number): number[];
}

/** The instant an ical.js time stands for, read field by field (a DATE is its 00:00 UTC). */
function utcMsOf(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

function readEvents(ics: string): Map<string, ReadEvent> {
  const byNodeIcal = nodeIcal.sync.parseICS(ics);
  const calendar = calendarOf(ics);
  const events = new Map<string, ReadEvent>();
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(component);
    const rule = component.getFirstPropertyValue("rrule");
    const other = byNodeIcal[event.uid];
    if (other?.type !== "VEVENT" || other.rrule === undefined) {
      throw new Error(`node-ical read no repeating event ${event.uid}`);
    }
    const otherRule = other.rrule;
    events.set(event.uid, {
      uid: event.uid,
      startMs: utcMsOf(event.startDate),
      rule: rule instanceof ICAL.Recur ? rule.toString() : "",
      isDate: event.startDate.isDate,
      expandedByNodeIcal: (fromMs, untilMs) =>
        otherRule.between(new Date(fromMs), new Date(untilMs), true).map((d) => d.getTime()),
      expandedByIcalJs: (limit) => {
        const iterator = event.iterator();
        const found: number[] = [];
        while (found.length < limit) {
          // ical.js 2.2 types next() as a time, but answers undefined once the series has ended.
          const next = iterator.next() as ICAL.Time | undefined;
          if (next === undefined) break;
          found.push(utcMsOf(next));
        }
        return found;
      },
    });
  }
  return events;
}

/** The rrule package's expansion of `rule` from `startMs`, up to `untilMs`. */
function byRrulePackage(rule: string, startMs: number, untilMs: number): number[] {
  const expanded = new RRule({ ...RRule.parseString(rule), dtstart: new Date(startMs) });
  return expanded.between(new Date(startMs), new Date(untilMs), true).map((d) => d.getTime());
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A pending task of the schedule anchored at `anchorMs`, now at its occurrence `n`, whose series
 * ends on `repeatUntil` (null: no end).
 */
function taskAt(
  id: number,
  anchorMs: number,
  frequency: Frequency,
  n: number,
  interval = 1,
  repeatUntil: IsoDate | null = null,
): FeedTask {
  return {
    id,
    title: `Task ${id}`,
    notes: null,
    dueDate: new Date(occurrenceAt(anchorMs, { frequency, interval }, n)),
    frequency,
    interval,
    anchorAt: new Date(anchorMs),
    repeatUntil,
    completed: false,
    revision: 0,
    updatedAt: STAMP,
  };
}

/**
 * Checks every task's event, in a feed of a person in `timeZone`, against the domain over ten
 * years from where it starts: its occurrences, up to the end of its series when it has one
 * (pastRepeatEnd). All are compared as wall clocks written as UTC fields (decisions D6). The rrule
 * package places a start with a TZID by the process's own zone, so it checks only the starts in
 * UTC and the all-day ones.
 */
function expectFeedMatchesDomain(tasks: FeedTask[], timeZone = "UTC"): void {
  const events = readEvents(
    feedIcs({ host: "proof.test", currency: "USD", timeZone, tasks, subscriptions: [] }),
  );
  expect(events.size).toBe(tasks.length);
  for (const task of tasks) {
    const read = events.get(`task-${task.id}@proof.test`);
    if (read === undefined) throw new Error(`task ${task.id} is not in the feed`);
    const startMs = task.dueDate.getTime();
    const untilMs = startMs + TEN_YEARS_MS;
    const repeat: Repeat = { frequency: task.frequency as Frequency, interval: task.interval };
    const expected = occurrencesBetween(task.anchorAt.getTime(), repeat, startMs, untilMs, 5000)
      .filter((ms) => !pastRepeatEnd(ms, task.repeatUntil))
      .map(iso);
    const where = `${task.frequency} x ${task.interval} from ${iso(task.anchorAt.getTime())}, starting ${iso(startMs)}, until ${task.repeatUntil} in ${timeZone} (${read.rule})`;
    expect(read.startMs, where).toBe(startMs);
    const zoned = timeZone !== "UTC" && !read.isDate;
    if (!zoned) {
      expect(byRrulePackage(read.rule, read.startMs, untilMs).map(iso), where).toEqual(expected);
    }
    // Asked a day wider, as instants, then taken over the same wall clocks as the domain.
    const byNodeIcal = read
      .expandedByNodeIcal(startMs - DAY_MS, untilMs + DAY_MS)
      .map((ms) => (zoned ? wallClockAt(ms, timeZone) : ms))
      .filter((ms) => ms >= startMs && ms <= untilMs);
    expect(byNodeIcal.map(iso), where).toEqual(expected);
    if (task.repeatUntil !== null) {
      const byIcalJs = read.expandedByIcalJs(expected.length + 50);
      if (read.rule.includes("BYSETPOS")) {
        // ical.js#960 adds days of the month the rule does not pick, but it keeps every one of
        // the domain's, and its UNTIL keeps it from any past the end.
        expect(byIcalJs.map(iso), where).toEqual(expect.arrayContaining(expected));
        expect(
          byIcalJs.filter((ms) => pastRepeatEnd(ms, task.repeatUntil)),
          where,
        ).toEqual([]);
      } else {
        expect(byIcalJs.map(iso), where).toEqual(expected);
      }
    }
  }
}

const DAYS_1_TO_31 = Array.from({ length: 31 }, (_, i) => i + 1);

describe("the feed's RRULEs against the domain's occurrences, over ten years", () => {
  it("Monthly, anchored on every day 1-31, at a time of day and all day, from the anchor and from a clamped later occurrence", () => {
    const tasks: FeedTask[] = [];
    for (const day of DAYS_1_TO_31) {
      for (const time of [0, 9.5 * 3_600_000]) {
        const anchorMs = Date.UTC(2024, 0, day) + time;
        // Occurrence 1 of a schedule from the 29th-31st is 29 February 2024: clamped.
        for (const n of [0, 1, 13]) tasks.push(taskAt(tasks.length + 1, anchorMs, "Monthly", n));
      }
    }
    expectFeedMatchesDomain(tasks);
  });

  it("Yearly, anchored on every day of a leap year (29 February too), from the anchor and a year later", () => {
    const tasks: FeedTask[] = [];
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2025, 0, 1); ms += DAY_MS) {
      for (const n of [0, 1]) tasks.push(taskAt(tasks.length + 1, ms + 8 * 3_600_000, "Yearly", n));
    }
    expectFeedMatchesDomain(tasks);
  });

  it("Daily and Weekly, anchored on every day 1-31", () => {
    const tasks: FeedTask[] = [];
    for (const day of DAYS_1_TO_31) {
      const anchorMs = Date.UTC(2024, 0, day, 7, 15);
      tasks.push(taskAt(tasks.length + 1, anchorMs, "Daily", 0));
      tasks.push(taskAt(tasks.length + 1, anchorMs, "Weekly", 3));
    }
    expectFeedMatchesDomain(tasks);
  });

  it("every n: Monthly x 3 and x 5 on every day 1-31, Weekly x 2, Daily x 10 and Yearly x 2 and x 4, from the anchor and from later occurrences", () => {
    const tasks: FeedTask[] = [];
    for (const day of DAYS_1_TO_31) {
      const anchorMs = Date.UTC(2024, 0, day, 9, 30);
      for (const n of [0, 1, 3]) {
        tasks.push(taskAt(tasks.length + 1, anchorMs, "Monthly", n, 3));
        tasks.push(taskAt(tasks.length + 1, anchorMs, "Monthly", n, 5));
        tasks.push(taskAt(tasks.length + 1, anchorMs, "Weekly", n, 2));
        tasks.push(taskAt(tasks.length + 1, anchorMs, "Daily", n, 10));
      }
    }
    for (const anchor of ["2024-02-29", "2024-03-31", "2023-12-31"]) {
      const anchorMs = Date.parse(`${anchor}T00:00:00Z`);
      for (const n of [0, 1]) {
        tasks.push(taskAt(tasks.length + 1, anchorMs, "Yearly", n, 2));
        tasks.push(taskAt(tasks.length + 1, anchorMs, "Yearly", n, 4));
      }
    }
    expectFeedMatchesDomain(tasks);
  });

  describe("a series with an end (repeat_until), up to and including its end day and none after", () => {
    /** All day, and from just after midnight to just before it: far from UTC's day, either way. */
    const TIMES_OF_DAY = [0, 0.5, 9.5, 23.5].map((hours) => hours * 3_600_000);

    /**
     * Adds tasks of the schedule from each anchor, at each time of day, now at occurrence 0 or 2,
     * each ending on the day of the occurrence it is at (a series of one), on the day of the
     * third after it, and on the day after that one when it is not an occurrence's (between two).
     */
    function addEndingTasks(
      tasks: FeedTask[],
      anchors: readonly string[],
      frequency: Frequency,
      interval: number,
    ): void {
      for (const anchor of anchors) {
        for (const time of TIMES_OF_DAY) {
          const anchorMs = Date.parse(`${anchor}T00:00:00Z`) + time;
          const dayOf = (n: number) =>
            utcDateAt(occurrenceAt(anchorMs, { frequency, interval }, n));
          for (const n of [0, 2]) {
            const ends = [dayOf(n), dayOf(n + 3)];
            const dayAfter = utcDateAt(Date.parse(`${dayOf(n + 3)}T00:00:00Z`) + DAY_MS);
            if (dayAfter !== dayOf(n + 4)) ends.push(dayAfter);
            for (const end of ends) {
              tasks.push(taskAt(tasks.length + 1, anchorMs, frequency, n, interval, end));
            }
          }
        }
      }
    }

    it.each(["UTC", "America/New_York", "Pacific/Auckland", "Asia/Kolkata"])(
      "every frequency, at every time of day, in %s",
      (timeZone) => {
        const tasks: FeedTask[] = [];
        addEndingTasks(tasks, ["2026-11-30"], "Daily", 1);
        addEndingTasks(tasks, ["2026-11-30"], "Daily", 10);
        addEndingTasks(tasks, ["2026-12-01", "2027-03-01"], "Weekly", 1);
        addEndingTasks(tasks, ["2026-12-01"], "Weekly", 2);
        // 31 is clamped (BYSETPOS: ical.js#960); the 15th is in every month.
        addEndingTasks(tasks, ["2026-01-15", "2026-01-31"], "Monthly", 1);
        addEndingTasks(tasks, ["2026-01-31"], "Monthly", 3);
        addEndingTasks(tasks, ["2024-02-29"], "Yearly", 1);
        addEndingTasks(tasks, ["2026-07-14"], "Yearly", 2);
        expectFeedMatchesDomain(tasks, timeZone);
      },
    );

    it("an end on a day whose clocks change, or whose next midnight they skip or repeat", () => {
      const daily = (due: string, end: IsoDate, id: number) =>
        taskAt(id, Date.parse(due), "Daily", 0, 1, end);
      // New York's clocks go forward on 14 March 2027 and back on 7 November 2027.
      expectFeedMatchesDomain(
        [
          daily("2027-03-10T23:30:00Z", "2027-03-14", 1),
          daily("2027-03-10T00:30:00Z", "2027-03-14", 2),
          daily("2027-11-03T23:30:00Z", "2027-11-07", 3),
          daily("2027-11-03T09:30:00Z", "2027-11-06", 4),
        ],
        "America/New_York",
      );
      // Santiago skips 00:00-01:00 on 6 September 2026, and has 23:00-00:00 twice on 3 April 2027.
      expectFeedMatchesDomain(
        [
          daily("2026-09-01T23:30:00Z", "2026-09-05", 1),
          daily("2027-03-30T23:30:00Z", "2027-04-03", 2),
          daily("2027-03-30T09:30:00Z", "2027-04-04", 3),
        ],
        "America/Santiago",
      );
    });
  });

  it("subscriptions: all-day renewals from the entered date, the event at the next renewal", () => {
    const subscriptions: FeedSubscription[] = [];
    const frequencies: Frequency[] = ["Daily", "Weekly", "Monthly", "Yearly"];
    for (const frequency of frequencies) {
      for (const anchor of ["2024-01-29", "2024-01-30", "2024-01-31", "2024-02-29", "2024-03-15"]) {
        for (const interval of [1, 2, 3]) {
          const anchorMs = Date.parse(`${anchor}T00:00:00Z`);
          const next: IsoDate = utcDateAt(occurrenceAt(anchorMs, { frequency, interval }, 1));
          subscriptions.push({
            id: subscriptions.length + 1,
            name: "Netflix",
            cost: 9.99,
            frequency,
            interval,
            nextRenewalDate: next,
            renewalAnchor: anchor,
            remindDaysBefore: 7,
            cancelLink: null,
            active: true,
            revision: 0,
            updatedAt: STAMP,
          });
        }
      }
    }
    const events = readEvents(
      feedIcs({ host: "proof.test", currency: "USD", timeZone: "UTC", tasks: [], subscriptions }),
    );
    for (const subscription of subscriptions) {
      const read = events.get(`subscription-${subscription.id}@proof.test`);
      if (read === undefined) throw new Error(`subscription ${subscription.id} is not in the feed`);
      const anchorMs = Date.parse(`${subscription.renewalAnchor}T00:00:00Z`);
      const startMs = Date.parse(`${subscription.nextRenewalDate}T00:00:00Z`);
      const untilMs = startMs + TEN_YEARS_MS;
      const expected = occurrencesBetween(anchorMs, subscription, startMs, untilMs, 5000).map(iso);
      const where = `${subscription.frequency} x ${subscription.interval} from ${subscription.renewalAnchor} (${read.rule})`;
      expect(read.isDate, where).toBe(true);
      expect(read.startMs, where).toBe(startMs);
      expect(byRrulePackage(read.rule, startMs, untilMs).map(iso), where).toEqual(expected);
      expect(read.expandedByNodeIcal(startMs, untilMs).map(iso), where).toEqual(expected);
    }
  });
});
