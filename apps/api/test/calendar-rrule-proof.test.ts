// decisions D11, issue 19: the RRULEs the feed emits mean exactly the domain's rule (D9). Every
// schedule the feed can emit (anchor days 1-31 for Monthly, every day of a leap year with 29
// February for Yearly, days 1-31 for Daily and Weekly; every 1 and with intervals, whose INTERVAL
// counts from the event's start), with the event starting at the anchor or
// at a later, clamped occurrence, is written by the feed, read back with Mozilla's ical.js, and
// expanded over ten years by two RRULE implementations that are not ours: the rrule package, and
// rrule-temporal as node-ical (a second parser) reads the same text. Both must give the domain's
// occurrences, date by date.
//
// Not used as an expander: ical.js 2.2's own iterator, which reads the rules but ignores BYSETPOS
// beside BYMONTHDAY (it gives both the 28th and the 31st), against RFC 5545 (3.3.10) and the two
// implementations here. The rule's form is the one decisions D11 and issue 19 name.
import {
  type Frequency,
  type IsoDate,
  type Repeat,
  occurrenceAt,
  occurrencesBetween,
  utcDateAt,
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

/** One event of the feed as ical.js reads it (its start, UTC, and RRULE text), and node-ical's expansion. */
interface ReadEvent {
  uid: string;
  startMs: number;
  rule: string;
  isDate: boolean;
  /** rrule-temporal's occurrences from `fromMs` to `untilMs`, as node-ical read the event. */
  expandedByNodeIcal(fromMs: number, untilMs: number): number[];
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

/** A pending task of the schedule anchored at `anchorMs`, now at its occurrence `n`. */
function taskAt(
  id: number,
  anchorMs: number,
  frequency: Frequency,
  n: number,
  interval = 1,
): FeedTask {
  return {
    id,
    title: `Task ${id}`,
    notes: null,
    dueDate: new Date(occurrenceAt(anchorMs, { frequency, interval }, n)),
    frequency,
    interval,
    anchorAt: new Date(anchorMs),
    completed: false,
    revision: 0,
    updatedAt: STAMP,
  };
}

/** Checks every task's event against the domain, over ten years from where it starts. */
function expectFeedMatchesDomain(tasks: FeedTask[]): void {
  const events = readEvents(
    feedIcs({ host: "proof.test", currency: "USD", timeZone: "UTC", tasks, subscriptions: [] }),
  );
  expect(events.size).toBe(tasks.length);
  for (const task of tasks) {
    const read = events.get(`task-${task.id}@proof.test`);
    if (read === undefined) throw new Error(`task ${task.id} is not in the feed`);
    const startMs = task.dueDate.getTime();
    const untilMs = startMs + TEN_YEARS_MS;
    const repeat: Repeat = { frequency: task.frequency as Frequency, interval: task.interval };
    const expected = occurrencesBetween(
      task.anchorAt.getTime(),
      repeat,
      startMs,
      untilMs,
      5000,
    ).map(iso);
    const where = `${task.frequency} x ${task.interval} from ${iso(task.anchorAt.getTime())}, starting ${iso(startMs)} (${read.rule})`;
    expect(read.startMs, where).toBe(startMs);
    expect(byRrulePackage(read.rule, read.startMs, untilMs).map(iso), where).toEqual(expected);
    expect(read.expandedByNodeIcal(startMs, untilMs).map(iso), where).toEqual(expected);
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
