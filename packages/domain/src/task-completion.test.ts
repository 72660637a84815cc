import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FREQUENCIES } from "./enums.js";
import { isAllDay } from "./iso-dates.js";
import { REPEAT_INTERVAL_MAX } from "./limits.js";
import { occurrenceAt } from "./recurrence.js";
import { completeOccurrence, completedAfterEdit } from "./task-completion.js";
import { wallClockAt } from "./time-zones.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
/** Completed in UTC at this instant. */
const utcAt = (instant: string) => ({ nowMs: at(instant), timeZone: "UTC" });

describe("completeOccurrence (decisions D9)", () => {
  const early = utcAt("2026-03-01T08:00:00Z");

  it("marks a task that happens once as completed, where it was", () => {
    const anchorMs = at("2026-03-01T09:00:00Z");
    expect(
      completeOccurrence({ anchorMs, frequency: "Once", interval: 1, occurrence: 0 }, early),
    ).toEqual({
      dueMs: anchorMs,
      occurrence: 0,
      completed: true,
    });
    // Even long after its day.
    const late = utcAt("2027-01-01T00:00:00Z");
    expect(
      completeOccurrence({ anchorMs, frequency: "Once", interval: 1, occurrence: 0 }, late).dueMs,
    ).toBe(anchorMs);
  });

  it("ends a series whose next occurrence falls past its repeat-until date", () => {
    const anchorMs = at("2026-03-01T09:00:00Z");
    const schedule = { anchorMs, frequency: "Weekly", interval: 1, until: "2026-03-14" } as const;
    // 8 March is on or before the end: pending there.
    expect(completeOccurrence({ ...schedule, occurrence: 0 }, early)).toEqual({
      dueMs: at("2026-03-08T09:00:00Z"),
      occurrence: 1,
      completed: false,
    });
    // 15 March is past it: the series has ended, completed at the occurrence after its last.
    expect(completeOccurrence({ ...schedule, occurrence: 1 }, early)).toEqual({
      dueMs: at("2026-03-15T09:00:00Z"),
      occurrence: 2,
      completed: true,
    });
    // Its end day itself is still an occurrence, at any time of that day.
    const onTheDay = { ...schedule, until: "2026-03-15", occurrence: 1 };
    expect(completeOccurrence(onTheDay, early).completed).toBe(false);
  });

  it("ends a series completed late when every occurrence not yet past is after its end", () => {
    const anchorMs = at("2026-03-01T00:00:00Z");
    const schedule = { anchorMs, frequency: "Daily", interval: 1, occurrence: 0 } as const;
    const late = utcAt("2026-03-20T12:00:00Z");
    expect(completeOccurrence({ ...schedule, until: "2026-03-19" }, late).completed).toBe(true);
    // All day: today's is not past, so an end on today still leaves today's open.
    expect(completeOccurrence({ ...schedule, until: "2026-03-20" }, late)).toEqual({
      dueMs: at("2026-03-20T00:00:00Z"),
      occurrence: 19,
      completed: false,
    });
  });

  it("moves a task every 2 weeks on by two weeks, from its anchor", () => {
    const anchorMs = at("2026-03-01T09:00:00Z");
    const schedule = { anchorMs, frequency: "Weekly", interval: 2, occurrence: 3 } as const;
    expect(iso(completeOccurrence(schedule, early).dueMs)).toBe("2026-04-26T09:00:00.000Z");
  });

  it("moves a recurring task completed early to its next occurrence and keeps it pending", () => {
    const anchorMs = at("2026-03-01T09:00:00Z");
    const next = (frequency: (typeof FREQUENCIES)[number]) =>
      iso(completeOccurrence({ anchorMs, frequency, interval: 1, occurrence: 0 }, early).dueMs);
    expect(next("Daily")).toBe("2026-03-02T09:00:00.000Z");
    expect(next("Weekly")).toBe("2026-03-08T09:00:00.000Z");
    expect(next("Monthly")).toBe("2026-04-01T09:00:00.000Z");
    expect(next("Yearly")).toBe("2027-03-01T09:00:00.000Z");
    expect(
      completeOccurrence({ anchorMs, frequency: "Daily", interval: 1, occurrence: 0 }, early),
    ).toMatchObject({ occurrence: 1, completed: false });
  });

  it("moves one interval when completed at its time, or late but before the next one", () => {
    const schedule = {
      anchorMs: at("2026-03-01T09:00:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    for (const now of ["2026-03-01T09:00:00Z", "2026-03-02T08:59:59Z"]) {
      const done = completeOccurrence({ ...schedule, occurrence: 0 }, utcAt(now));
      expect(iso(done.dueMs)).toBe("2026-03-02T09:00:00.000Z");
    }
  });

  it("counts from the anchor, so a monthly task from Jan 31 goes to Feb 28, Mar 31, Apr 30", () => {
    const anchorMs = at("2026-01-31T08:00:00Z");
    let schedule = { anchorMs, frequency: "Monthly" as const, interval: 1, occurrence: 0 };
    const dues: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const done = completeOccurrence(schedule, utcAt("2026-01-15T00:00:00Z"));
      dues.push(iso(done.dueMs));
      schedule = { ...schedule, occurrence: done.occurrence };
    }
    expect(dues).toEqual([
      "2026-02-28T08:00:00.000Z",
      "2026-03-31T08:00:00.000Z",
      "2026-04-30T08:00:00.000Z",
    ]);
  });
});

describe("completeOccurrence of a task completed late (decisions D9: missed occurrences skipped)", () => {
  it("moves a weekly task three weeks overdue to its first occurrence after now", () => {
    // Due Sunday 8 November at 07:00, completed Monday 30 November.
    const done = completeOccurrence(
      { anchorMs: at("2026-11-08T07:00:00Z"), frequency: "Weekly", interval: 1, occurrence: 0 },
      utcAt("2026-11-30T12:00:00Z"),
    );
    expect(iso(done.dueMs)).toBe("2026-12-06T07:00:00.000Z");
    expect(done).toMatchObject({ occurrence: 4, completed: false });
  });

  it("moves an all-day task to the person's today, which it is due all day", () => {
    const done = completeOccurrence(
      { anchorMs: at("2026-11-09T00:00:00Z"), frequency: "Daily", interval: 1, occurrence: 0 },
      utcAt("2026-11-30T10:00:00Z"),
    );
    expect(iso(done.dueMs)).toBe("2026-11-30T00:00:00.000Z");
    expect(done.occurrence).toBe(21);
  });

  it("moves an all-day task due today to tomorrow, and a timed one whose time has passed today", () => {
    const now = utcAt("2026-11-30T10:00:00Z");
    const allDay = {
      anchorMs: at("2026-11-30T00:00:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    expect(iso(completeOccurrence({ ...allDay, occurrence: 0 }, now).dueMs)).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    const timed = {
      anchorMs: at("2026-11-20T09:30:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    expect(iso(completeOccurrence({ ...timed, occurrence: 3 }, now).dueMs)).toBe(
      "2026-12-01T09:30:00.000Z",
    );
  });

  it("keeps to the anchor across skipped month ends: monthly from Jan 31, completed on Apr 15", () => {
    const done = completeOccurrence(
      { anchorMs: at("2026-01-31T09:00:00Z"), frequency: "Monthly", interval: 1, occurrence: 0 },
      utcAt("2026-04-15T12:00:00Z"),
    );
    expect(iso(done.dueMs)).toBe("2026-04-30T09:00:00.000Z");
    expect(done.occurrence).toBe(3);
  });

  // decisions D6: "past" is on the person's clock, in their time zone.
  it("in Tokyo on Monday morning (Sunday in UTC), skips to their today and their next 08:00", () => {
    const tokyo = { nowMs: at("2026-11-29T23:48:00Z"), timeZone: "Asia/Tokyo" }; // 08:48 Mon 30
    const allDay = {
      anchorMs: at("2026-11-27T00:00:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    expect(iso(completeOccurrence({ ...allDay, occurrence: 1 }, tokyo).dueMs)).toBe(
      "2026-11-30T00:00:00.000Z",
    );
    const timed = {
      anchorMs: at("2026-11-27T08:00:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    expect(iso(completeOccurrence({ ...timed, occurrence: 1 }, tokyo).dueMs)).toBe(
      "2026-12-01T08:00:00.000Z",
    );
  });

  it("in Los Angeles on Sunday evening (Monday in UTC), skips to their today and their next 02:00", () => {
    const la = { nowMs: at("2026-11-30T04:00:00Z"), timeZone: "America/Los_Angeles" }; // 20:00 Sun 29
    const allDay = {
      anchorMs: at("2026-11-26T00:00:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    expect(iso(completeOccurrence({ ...allDay, occurrence: 0 }, la).dueMs)).toBe(
      "2026-11-29T00:00:00.000Z",
    );
    const timed = {
      anchorMs: at("2026-11-26T02:00:00Z"),
      frequency: "Daily" as const,
      interval: 1,
    };
    expect(iso(completeOccurrence({ ...timed, occurrence: 0 }, la).dueMs)).toBe(
      "2026-11-30T02:00:00.000Z",
    );
  });

  it("always lands on the next occurrence or the first not yet past, whichever is later", () => {
    const zones = fc.constantFrom("UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati");
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.boolean(),
        fc.constantFrom(...FREQUENCIES),
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: REPEAT_INTERVAL_MAX })),
        fc.nat({ max: 500 }),
        fc.integer({ min: 0, max: 4_100_000_000_000 }),
        zones,
        (ms, allDay, frequency, interval, occurrence, nowMs, timeZone) => {
          // A time of day that happens to be 00:00 is all-day too (isAllDay): the rule's, here.
          const anchorMs = allDay ? ms - (ms % 86_400_000) : ms;
          const wholeDay = isAllDay(anchorMs);
          const repeat = { frequency, interval };
          const schedule = { anchorMs, ...repeat, occurrence };
          const done = completeOccurrence(schedule, { nowMs, timeZone });
          expect(done.dueMs).toBe(occurrenceAt(anchorMs, repeat, done.occurrence));
          expect(done.occurrence).toBeGreaterThan(occurrence);
          const wallNow = wallClockAt(nowMs, timeZone);
          const today = wallNow - (wallNow % 86_400_000);
          // Not past on the person's clock ...
          if (wholeDay) expect(done.dueMs).toBeGreaterThanOrEqual(today);
          else expect(done.dueMs).toBeGreaterThan(wallNow);
          // ... and nothing skipped that was not: exactly one on when the next was not past.
          if (done.occurrence > occurrence + 1) {
            const before = occurrenceAt(anchorMs, repeat, done.occurrence - 1);
            expect(wholeDay ? before < today : before <= wallNow).toBe(true);
          }
        },
      ),
    );
  });
});

describe("completedAfterEdit (decisions D9)", () => {
  const dueMs = Date.parse("2026-03-15T09:00:00Z");
  const weekly = { frequency: "Weekly", dueMs } as const;

  it("completes a recurring task exactly when its due date is past its end", () => {
    const pending = { frequency: "Weekly", completed: false } as const;
    expect(completedAfterEdit(pending, { ...weekly, until: "2026-03-14" })).toBe(true);
    expect(completedAfterEdit(pending, { ...weekly, until: "2026-03-15" })).toBe(false);
    expect(completedAfterEdit({ ...pending, completed: true }, { ...weekly, until: null })).toBe(
      false,
    );
  });

  it("keeps a task that happens once as it was, and makes one made to happen once pending", () => {
    const once = { frequency: "Once", dueMs } as const;
    expect(completedAfterEdit({ frequency: "Once", completed: true }, once)).toBe(true);
    expect(completedAfterEdit({ frequency: "Once", completed: false }, once)).toBe(false);
    expect(completedAfterEdit({ frequency: "Daily", completed: true }, once)).toBe(false);
  });
});
