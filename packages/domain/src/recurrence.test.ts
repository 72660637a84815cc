import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FREQUENCIES, type Frequency } from "./enums.js";
import { REPEAT_INTERVAL_MAX } from "./limits.js";
import {
  firstOccurrenceFrom,
  occurrenceAt,
  occurrencesBetween,
  pastRepeatEnd,
  REPEAT_UNTIL_BEFORE_DUE,
  keptRepeatUntil,
  renewalOnOrAfter,
  repeatLabel,
  repeatUnit,
  repeatUntilProblem,
  type Repeat,
} from "./recurrence.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
/** Every 1 of `frequency`. */
const every = (frequency: Frequency, interval = 1): Repeat => ({ frequency, interval });
const dates = (anchor: string, repeat: Repeat, count: number) =>
  Array.from({ length: count }, (_, n) => iso(occurrenceAt(at(anchor), repeat, n)).slice(0, 10));

/** Days in a month, counted independently of the code under test. */
function monthLength(year: number, month1: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month1 - 1] ?? 0;
}

describe("the n-th occurrence (decisions D9)", () => {
  it("clamps monthly from 31 January to the months' ends without drifting", () => {
    expect(dates("2026-01-31T09:30:00Z", every("Monthly"), 5)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
    expect(dates("2028-01-31T00:00:00Z", every("Monthly"), 3)).toEqual([
      "2028-01-31",
      "2028-02-29",
      "2028-03-31",
    ]);
  });

  it("keeps 29 February yearly: 28 February in common years, 29 again in leap years", () => {
    expect(dates("2024-02-29T12:00:00Z", every("Yearly"), 5)).toEqual([
      "2024-02-29",
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
  });

  it("adds whole days for Daily and Weekly, keeping the time of day", () => {
    expect(iso(occurrenceAt(at("2026-12-31T23:45:00Z"), every("Daily"), 1))).toBe(
      "2027-01-01T23:45:00.000Z",
    );
    expect(iso(occurrenceAt(at("2026-02-26T08:00:00Z"), every("Weekly"), 1))).toBe(
      "2026-03-05T08:00:00.000Z",
    );
  });

  it("is the anchor at n = 0 and refuses a negative or fractional n", () => {
    expect(occurrenceAt(at("2026-01-31T09:00:00Z"), every("Monthly"), 0)).toBe(
      at("2026-01-31T09:00:00Z"),
    );
    expect(() => occurrenceAt(0, every("Daily"), -1)).toThrow(RangeError);
    expect(() => occurrenceAt(0, every("Daily"), 1.5)).toThrow(RangeError);
  });

  /** What is wrong with the n-th occurrence, checked against the calendar independently; or null. */
  function wrongAt(anchor: number, frequency: Frequency, n: number, interval = 1): string | null {
    const start = new Date(anchor);
    const next = new Date(occurrenceAt(anchor, { frequency, interval }, n));
    const timeKept = next.getTime() % 86_400_000 === anchor % 86_400_000;
    const steps = n * interval;
    let expected: string;
    if (frequency === "Daily" || frequency === "Weekly") {
      expected = iso(anchor + (frequency === "Daily" ? steps : 7 * steps) * 86_400_000).slice(
        0,
        10,
      );
    } else {
      const total = start.getUTCMonth() + (frequency === "Monthly" ? steps : 12 * steps);
      const year = start.getUTCFullYear() + Math.floor(total / 12);
      const month = (total % 12) + 1;
      const day = Math.min(start.getUTCDate(), monthLength(year, month));
      expected = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    }
    const got = iso(next.getTime()).slice(0, 10);
    return got === expected && timeKept
      ? null
      : `${iso(anchor)} every ${interval} ${frequency} #${n}: ${got}`;
  }

  it("for every anchor day of a common and a leap year, monthly and yearly, over 10 years: the calendar step, the day clamped, the time kept", () => {
    const wrong: string[] = [];
    for (const year of [2023, 2024]) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 1; day <= monthLength(year, month); day += 1) {
          const anchor = Date.UTC(year, month - 1, day, 9, 30);
          for (let n = 0; n <= 120; n += 1) {
            const problem = wrongAt(anchor, "Monthly", n);
            if (problem !== null) wrong.push(problem);
          }
          for (let n = 0; n <= 10; n += 1) {
            const problem = wrongAt(anchor, "Yearly", n);
            if (problem !== null) wrong.push(problem);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("for any anchor day 1-31, any frequency, interval and time, over 10 years: the same, each later than the last", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.constantFrom(...FREQUENCIES),
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: REPEAT_INTERVAL_MAX })),
        (year, month, day, minute, frequency, interval) => {
          fc.pre(day <= monthLength(year, month));
          const anchor = Date.UTC(year, month - 1, day, 0, minute);
          const units = { Daily: 3653, Weekly: 522, Monthly: 120, Yearly: 10 }[frequency];
          let previous = -Infinity;
          for (let n = 0; n <= Math.max(2, units / interval); n += 1) {
            expect(wrongAt(anchor, frequency, n, interval)).toBeNull();
            const next = occurrenceAt(anchor, { frequency, interval }, n);
            expect(next).toBeGreaterThan(previous);
            previous = next;
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the first occurrence from a moment", () => {
  it("is the first at or after it, for any anchor, frequency, interval and moment within 10 years", () => {
    const start = Date.UTC(2020, 0, 1);
    const tenYears = 3653 * 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: start, max: start + tenYears }),
        fc.integer({ min: 0, max: tenYears }),
        fc.constantFrom(...FREQUENCIES),
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: REPEAT_INTERVAL_MAX })),
        (anchor, later, frequency, interval) => {
          const moment = anchor + later;
          const repeat = { frequency, interval };
          const n = firstOccurrenceFrom(anchor, repeat, moment);
          expect(occurrenceAt(anchor, repeat, n)).toBeGreaterThanOrEqual(moment);
          if (n > 0) expect(occurrenceAt(anchor, repeat, n - 1)).toBeLessThan(moment);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("is the anchor for a moment at or before it", () => {
    expect(
      firstOccurrenceFrom(at("2026-03-01T00:00:00Z"), every("Monthly"), at("2020-01-01T00:00:00Z")),
    ).toBe(0);
    expect(
      firstOccurrenceFrom(at("2026-03-01T00:00:00Z"), every("Daily"), at("2026-03-01T00:00:00Z")),
    ).toBe(0);
  });
});

describe("occurrences between two moments", () => {
  it("lists a Daily schedule's days in a week, both ends included", () => {
    const found = occurrencesBetween(
      at("2026-11-01T09:00:00Z"),
      every("Daily"),
      at("2026-11-23T09:00:00Z"),
      at("2026-11-29T09:00:00Z"),
    );
    expect(found.map((ms) => iso(ms).slice(0, 10))).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
  });

  it("stops at the limit", () => {
    expect(occurrencesBetween(0, every("Daily"), 0, 100 * 86_400_000, 3)).toHaveLength(3);
  });
});

describe("a renewal rolled forward (decisions D10)", () => {
  it("is the entered date while it has not passed", () => {
    expect(renewalOnOrAfter("2026-12-14", every("Monthly"), "2026-11-25")).toBe("2026-12-14");
    expect(renewalOnOrAfter("2026-11-25", every("Monthly"), "2026-11-25")).toBe("2026-11-25");
  });

  it("rolls a passed date forward by the schedule, from the date entered", () => {
    expect(renewalOnOrAfter("2026-01-31", every("Monthly"), "2026-03-01")).toBe("2026-03-31");
    expect(renewalOnOrAfter("2026-01-31", every("Monthly"), "2026-04-01")).toBe("2026-04-30");
    expect(renewalOnOrAfter("2024-02-29", every("Yearly"), "2026-01-01")).toBe("2026-02-28");
    expect(renewalOnOrAfter("2026-11-01", every("Weekly"), "2026-11-25")).toBe("2026-11-29");
  });
});

describe("an interval (every 2 weeks, every 3 months)", () => {
  it("skips that many of the frequency's units, from the anchor", () => {
    expect(dates("2026-12-04T00:00:00Z", every("Weekly", 2), 3)).toEqual([
      "2026-12-04",
      "2026-12-18",
      "2027-01-01",
    ]);
    expect(dates("2026-11-30T00:00:00Z", every("Monthly", 3), 4)).toEqual([
      "2026-11-30",
      "2027-02-28",
      "2027-05-30",
      "2027-08-30",
    ]);
    expect(dates("2028-02-29T00:00:00Z", every("Yearly", 4), 3)).toEqual([
      "2028-02-29",
      "2032-02-29",
      "2036-02-29",
    ]);
  });

  it("rolls a renewal forward by it", () => {
    expect(renewalOnOrAfter("2026-01-15", every("Monthly", 3), "2026-05-01")).toBe("2026-07-15");
    expect(renewalOnOrAfter("2026-11-02", every("Daily", 10), "2026-11-13")).toBe("2026-11-22");
  });

  it("reads as the frequency every 1, and as 'Every n units' otherwise", () => {
    expect(repeatLabel({ frequency: "Weekly" })).toBe("Weekly");
    expect(repeatLabel({ frequency: "Monthly", interval: 1 })).toBe("Monthly");
    expect(repeatLabel({ frequency: "Weekly", interval: 2 })).toBe("Every 2 weeks");
    expect(repeatLabel({ frequency: "Yearly", interval: 99 })).toBe("Every 99 years");
  });

  it("names the unit as its number says it", () => {
    expect(repeatUnit("Daily", 1)).toBe("day");
    expect(repeatUnit("Daily", 2)).toBe("days");
    expect(repeatUnit("Monthly", 0)).toBe("months");
    expect(repeatUnit("Yearly", Number.NaN)).toBe("years");
  });
});

describe("a series' end (repeat until)", () => {
  it("keeps an end for a recurring task and none for one that happens once", () => {
    expect(keptRepeatUntil("Weekly", "2026-12-31")).toBe("2026-12-31");
    expect(keptRepeatUntil("Weekly", undefined)).toBeNull();
    expect(keptRepeatUntil("Once", "2026-12-31")).toBeNull();
  });

  it("puts an occurrence past the end only on a later date, whatever its time that day", () => {
    expect(pastRepeatEnd(Date.parse("2026-12-31T23:59:00Z"), "2026-12-31")).toBe(false);
    expect(pastRepeatEnd(Date.parse("2027-01-01T00:00:00Z"), "2026-12-31")).toBe(true);
    expect(pastRepeatEnd(Date.parse("2099-01-01T00:00:00Z"), null)).toBe(false);
  });

  it("refuses an end before the first date, and takes one on that date or later", () => {
    expect(repeatUntilProblem("2026-12-10T09:00:00Z", "2026-12-09")).toBe(REPEAT_UNTIL_BEFORE_DUE);
    expect(repeatUntilProblem("2026-12-10T09:00:00Z", "2026-12-10")).toBeNull();
    expect(repeatUntilProblem("2026-12-10T09:00:00Z", null)).toBeNull();
    // A due date with an offset is read on its UTC date, as everywhere (D6): here 11 December.
    expect(repeatUntilProblem("2026-12-10T23:30:00-05:00", "2026-12-11")).toBeNull();
    expect(repeatUntilProblem("2026-12-10T23:30:00-05:00", "2026-12-10")).toBe(
      REPEAT_UNTIL_BEFORE_DUE,
    );
  });
});
