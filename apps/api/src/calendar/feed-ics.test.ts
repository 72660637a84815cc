// A timed task on the days the clocks change, as calendar apps read the feed: Mozilla's ical.js
// (Thunderbird) expands the weeks, node-ical reads the first start as RFC 5545 3.3.5 says.
import ICAL from "ical.js";
import nodeIcal from "node-ical";
import { describe, expect, it } from "vitest";
import { calendarOf } from "../../test/support/ical.js";
import { type FeedTask, feedIcs, taskIcs } from "./feed-ics.js";

const HOST = "life-admin.test";
const MINUTE_MS = 60_000;

/** A task due at `dueDate`, whose UTC fields are the person's wall clock (decisions D6). */
function taskDue(dueDate: string, frequency: FeedTask["frequency"], id = 1): FeedTask {
  return {
    id,
    title: "Put the bins out",
    notes: null,
    dueDate: new Date(dueDate),
    frequency,
    interval: 1,
    anchorAt: new Date(dueDate),
    repeatUntil: null,
    completed: false,
    revision: 1,
    updatedAt: new Date("2026-11-20T10:00:00Z"),
  };
}

const feedOf = (timeZone: string, tasks: FeedTask[]) =>
  feedIcs({ host: HOST, tasks, subscriptions: [], currency: "GBP", timeZone });

/** A time ical.js read: its instant in UTC, or a DATE's own date (it names no instant). */
const textOf = (time: ICAL.Time) => (time.isDate ? time.toString() : time.toJSDate().toISOString());

/**
 * The first `count` occurrences of the feed's first event as ical.js places them, [start, end]
 * (textOf): fewer when its series ends before.
 */
function occurrencesByIcalJs(ics: string, count: number): [string, string][] {
  const calendar = calendarOf(ics);
  // A calendar whose times are in UTC has none.
  const vtimezone = calendar.getFirstSubcomponent("vtimezone");
  if (vtimezone !== null) ICAL.TimezoneService.register(vtimezone);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (vevent === null) throw new Error("no VEVENT in the calendar");
  const event = new ICAL.Event(vevent);
  const iterator = event.iterator();
  const occurrences: [string, string][] = [];
  while (occurrences.length < count) {
    // ical.js 2.2 types next() as a time, but answers undefined once the series has ended.
    const next = iterator.next() as ICAL.Time | undefined;
    if (next === undefined) break;
    const { startDate, endDate } = event.getOccurrenceDetails(next);
    occurrences.push([textOf(startDate), textOf(endDate)]);
  }
  return occurrences;
}

/** The first start and end as node-ical reads them, in UTC. */
function firstByNodeIcal(ics: string): [string, string] {
  const event = nodeIcal.sync.parseICS(ics)[`task-1@${HOST}`];
  if (event?.type !== "VEVENT") throw new Error("node-ical did not read the event");
  if (event.end === undefined) throw new Error("node-ical read no end");
  return [event.start.toISOString(), event.end.toISOString()];
}

const minutesBetween = ([start, end]: [string, string]) =>
  (Date.parse(end) - Date.parse(start)) / MINUTE_MS;

describe("a timed task on the day its zone's clocks go forward", () => {
  it("writes a weekly task in the skipped hour at the time typed, so every other week is at that time", () => {
    // New York skips 02:00-03:00 on 14 March 2027.
    const ics = feedOf("America/New_York", [taskDue("2027-03-14T02:30:00Z", "Weekly")]);
    expect(ics).toContain("\r\nDTSTART;TZID=America/New_York:20270314T023000\r\n");
    expect(ics).toContain("\r\nRRULE:FREQ=WEEKLY\r\n");
    // 02:30 names no instant that day, so no DTEND can say "30 minutes later" to every reader.
    expect(ics).toContain("\r\nDURATION:PT30M\r\n");
    expect(ics).not.toContain("DTEND");

    const [gapDay, ...later] = occurrencesByIcalJs(ics, 3);
    // 02:30 EDT (UTC-4), 30 minutes long.
    expect(later).toEqual([
      ["2027-03-21T06:30:00.000Z", "2027-03-21T07:00:00.000Z"],
      ["2027-03-28T06:30:00.000Z", "2027-03-28T07:00:00.000Z"],
    ]);
    // The skipped day's own occurrence is for the reader to place: RFC 5545 3.3.5 reads 02:30
    // with the offset before the gap (03:30 EDT), as node-ical does; ical.js puts it an hour
    // earlier. Either way it is that morning and 30 minutes long.
    expect(firstByNodeIcal(ics)).toEqual(["2027-03-14T07:30:00.000Z", "2027-03-14T08:00:00.000Z"]);
    expect(gapDay?.[0]).toBe("2027-03-14T06:30:00.000Z");
    expect(gapDay && minutesBetween(gapDay)).toBe(30);
  });

  it("writes a one-off task in the skipped hour at the time typed, 30 minutes long", () => {
    // London skips 01:00-02:00 on 28 March 2027.
    const ics = feedOf("Europe/London", [taskDue("2027-03-28T01:30:00Z", "Once")]);
    expect(ics).toContain("\r\nDTSTART;TZID=Europe/London:20270328T013000\r\n");
    expect(ics).toContain("\r\nDURATION:PT30M\r\n");
    // Its VTIMEZONE has rules; the event has none.
    expect(ics.slice(ics.indexOf("BEGIN:VEVENT"))).not.toContain("RRULE");
    expect(firstByNodeIcal(ics)).toEqual(["2027-03-28T01:30:00.000Z", "2027-03-28T02:00:00.000Z"]);
    const [only] = occurrencesByIcalJs(ics, 1);
    expect(only && minutesBetween(only)).toBe(30);
  });

  it("ends a task that starts before the skipped hour 30 minutes later, after it", () => {
    const ics = feedOf("America/New_York", [taskDue("2027-03-14T01:45:00Z", "Weekly")]);
    expect(ics).toContain(
      "\r\nDTSTART;TZID=America/New_York:20270314T014500\r\nDTEND;TZID=America/New_York:20270314T031500\r\n",
    );
    expect(firstByNodeIcal(ics)).toEqual(["2027-03-14T06:45:00.000Z", "2027-03-14T07:15:00.000Z"]);
  });

  it("writes the task's own .ics as the feed does", () => {
    const task = taskDue("2027-03-14T02:30:00Z", "Weekly");
    const ics = taskIcs(HOST, task, "America/New_York");
    expect(ics).toContain("\r\nDTSTART;TZID=America/New_York:20270314T023000\r\n");
    expect(ics).toContain("\r\nDURATION:PT30M\r\n");
  });
});

describe("a timed task on the day its zone's clocks go back", () => {
  it("writes a weekly task in the repeated hour at the time typed, 30 minutes long every week", () => {
    // New York has 01:00-02:00 twice on 7 November 2027. The wall time, with its TZID, is all
    // the feed can write: RFC 5545 3.3.5 reads it as the first of the two.
    const ics = feedOf("America/New_York", [taskDue("2027-11-07T01:30:00Z", "Weekly")]);
    expect(ics).toContain("\r\nDTSTART;TZID=America/New_York:20271107T013000\r\n");
    // A DTEND of 02:00 would be 90 minutes after the first 01:30, and RFC 5545 3.8.5.3 gives
    // every week a DTEND's exact length.
    expect(ics).toContain("\r\nDURATION:PT30M\r\n");
    expect(ics).not.toContain("DTEND");
    const [, ...later] = occurrencesByIcalJs(ics, 3);
    // 01:30 EST (UTC-5), 30 minutes long.
    expect(later).toEqual([
      ["2027-11-14T06:30:00.000Z", "2027-11-14T07:00:00.000Z"],
      ["2027-11-21T06:30:00.000Z", "2027-11-21T07:00:00.000Z"],
    ]);
  });

  it("lasts 30 minutes when only its end falls in the repeated hour", () => {
    const ics = feedOf("America/New_York", [taskDue("2027-11-07T00:45:00Z", "Once")]);
    expect(ics).toContain("\r\nDTSTART;TZID=America/New_York:20271107T004500\r\n");
    expect(ics).toContain("\r\nDURATION:PT30M\r\n");
    expect(firstByNodeIcal(ics)).toEqual(["2027-11-07T04:45:00.000Z", "2027-11-07T05:15:00.000Z"]);
  });
});

describe("a task away from the clock changes", () => {
  it("keeps its DTEND, and an all-day task stays a day, in any zone", () => {
    const ics = feedOf("America/New_York", [
      taskDue("2027-03-01T09:30:00Z", "Weekly"),
      taskDue("2027-03-14T00:00:00Z", "Daily", 2),
    ]);
    expect(ics).toContain(
      "\r\nDTSTART;TZID=America/New_York:20270301T093000\r\nDTEND;TZID=America/New_York:20270301T100000\r\n",
    );
    expect(ics).toContain("\r\nDTSTART;VALUE=DATE:20270314\r\nDTEND;VALUE=DATE:20270315\r\n");
    expect(ics).not.toContain("\r\nDURATION:");
  });

  it("writes a person in UTC's times in UTC", () => {
    const ics = feedOf("UTC", [taskDue("2027-03-14T02:30:00Z", "Weekly")]);
    expect(ics).toContain("\r\nDTSTART:20270314T023000Z\r\nDTEND:20270314T030000Z\r\n");
    expect(ics).not.toContain("TZID");
  });
});

describe("a task whose series ends (repeat_until), as calendar apps read its UNTIL", () => {
  const endingOn = (task: FeedTask, repeatUntil: string): FeedTask => ({ ...task, repeatUntil });
  const startsOf = (ics: string) => occurrencesByIcalJs(ics, 10).map(([start]) => start);

  it("ends an all-day task on the end date itself, as a DATE like its start", () => {
    const weekly = taskDue("2026-12-01T00:00:00Z", "Weekly");
    const ics = feedOf("Europe/London", [endingOn(weekly, "2026-12-20")]);
    expect(ics).toContain("\r\nDTSTART;VALUE=DATE:20261201\r\n");
    expect(ics).toContain("\r\nRRULE:FREQ=WEEKLY;UNTIL=20261220\r\n");
    // An end between occurrences: the 22nd is after it.
    expect(startsOf(ics)).toEqual(["2026-12-01", "2026-12-08", "2026-12-15"]);
    // An end on an occurrence's own day keeps that occurrence.
    const onDay = feedOf("Europe/London", [endingOn(weekly, "2026-12-15")]);
    expect(startsOf(onDay).at(-1)).toBe("2026-12-15");
  });

  it("ends a task in the person's zone at the end of that day there, written in UTC", () => {
    // 23:30 in New York (UTC-5) is 04:30 UTC the next day: an UNTIL at 23:59:59 UTC would lose
    // the last one.
    const late = taskDue("2026-12-01T23:30:00Z", "Weekly");
    const ics = feedOf("America/New_York", [endingOn(late, "2026-12-15")]);
    expect(ics).toContain("\r\nDTSTART;TZID=America/New_York:20261201T233000\r\n");
    expect(ics).toContain("\r\nRRULE:FREQ=WEEKLY;UNTIL=20261216T045959Z\r\n");
    expect(startsOf(ics)).toEqual([
      "2026-12-02T04:30:00.000Z",
      "2026-12-09T04:30:00.000Z",
      "2026-12-16T04:30:00.000Z",
    ]);
    // 00:30 in Auckland (UTC+13 in December) is 11:30 UTC the day before: an UNTIL at 23:59:59
    // UTC would keep a 21 December one.
    const early = taskDue("2026-12-18T00:30:00Z", "Daily");
    const east = feedOf("Pacific/Auckland", [endingOn(early, "2026-12-20")]);
    expect(east).toContain("\r\nRRULE:FREQ=DAILY;UNTIL=20261220T105959Z\r\n");
    expect(startsOf(east)).toEqual([
      "2026-12-17T11:30:00.000Z",
      "2026-12-18T11:30:00.000Z",
      "2026-12-19T11:30:00.000Z",
    ]);
  });

  it("ends on the day's last second when the zone's clocks skip the next midnight", () => {
    // Santiago goes from 00:00 to 01:00 on 6 September 2026: 5 September ends at 23:59:59 UTC-4.
    const ics = feedOf("America/Santiago", [
      endingOn(taskDue("2026-09-01T23:00:00Z", "Daily"), "2026-09-05"),
    ]);
    expect(ics).toContain("\r\nRRULE:FREQ=DAILY;UNTIL=20260906T035959Z\r\n");
    // The 1st to the 5th, the last at 23:00 UTC-4.
    const starts = startsOf(ics);
    expect(starts).toHaveLength(5);
    expect(starts.at(-1)).toBe("2026-09-06T03:00:00.000Z");
  });

  it("ends a task written in UTC at 23:59:59 UTC of the end date", () => {
    const ics = feedOf("UTC", [endingOn(taskDue("2026-12-01T09:30:00Z", "Weekly"), "2026-12-20")]);
    expect(ics).toContain("\r\nDTSTART:20261201T093000Z\r\n");
    expect(ics).toContain("\r\nRRULE:FREQ=WEEKLY;UNTIL=20261220T235959Z\r\n");
    expect(startsOf(ics)).toEqual([
      "2026-12-01T09:30:00.000Z",
      "2026-12-08T09:30:00.000Z",
      "2026-12-15T09:30:00.000Z",
    ]);
  });

  it("writes the task's own .ics with the same end", () => {
    const task = endingOn(taskDue("2026-12-01T23:30:00Z", "Weekly"), "2026-12-15");
    expect(taskIcs(HOST, task, "America/New_York")).toContain(
      "\r\nRRULE:FREQ=WEEKLY;UNTIL=20261216T045959Z\r\n",
    );
  });
});
