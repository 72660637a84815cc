// Issue 20: the person's wall clock and mornings in their own time zone, across DST changes and
// on both sides of UTC.
import { describe, expect, it } from "vitest";
import { calendarDateIn } from "./iso-dates.js";
import { TimeZoneSchema, instantAtLocal, isTimeZone, wallClockAt } from "./time-zones.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("isTimeZone and TimeZoneSchema", () => {
  it("takes IANA names the runtime knows and refuses anything else with a clear message", () => {
    for (const name of ["UTC", "Europe/London", "America/New_York", "Pacific/Auckland"]) {
      expect(isTimeZone(name), name).toBe(true);
    }
    for (const name of ["US/Eastern", "Europe/Kiev", "Etc/GMT+5"]) {
      expect(isTimeZone(name), name).toBe(true);
    }
    const notNames = [
      "+05:00",
      "-11:30",
      "europe/london",
      "utc",
      " Europe/London",
      "Europe/London ",
    ];
    for (const name of ["", "Mars/Olympus", "Europe/London; DROP", "x".repeat(65), ...notNames]) {
      expect(isTimeZone(name), name).toBe(false);
    }
    const refused = TimeZoneSchema.safeParse("Mars/Olympus");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Use an IANA time zone name, such as "Europe/London"',
    );
  });
});

describe("wallClockAt, and calendarDateIn (iso-dates.ts) beside it", () => {
  it("reads the person's date on either side of UTC", () => {
    const instant = at("2026-12-14T20:30:00Z");
    expect(calendarDateIn(new Date(instant), "UTC")).toBe("2026-12-14");
    expect(calendarDateIn(new Date(instant), "Pacific/Auckland")).toBe("2026-12-15"); // UTC+13 in December
    expect(calendarDateIn(new Date(at("2026-12-14T05:00:00Z")), "America/Los_Angeles")).toBe(
      "2026-12-13",
    );
    expect(iso(wallClockAt(instant, "Asia/Kolkata"))).toBe("2026-12-15T02:00:00.000Z");
  });

  it("follows summer time: London is UTC+1 in July and UTC in January", () => {
    expect(iso(wallClockAt(at("2026-07-01T12:00:00.250Z"), "Europe/London"))).toBe(
      "2026-07-01T13:00:00.250Z",
    );
    expect(iso(wallClockAt(at("2026-01-01T12:00:00Z"), "Europe/London"))).toBe(
      "2026-01-01T12:00:00.000Z",
    );
  });

  it("reads the runtime's own zone when given none, as calendarDateIn does", () => {
    const instant = at("2026-07-01T23:30:00Z");
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(wallClockAt(instant)).toBe(wallClockAt(instant, own));
    expect(iso(wallClockAt(instant)).slice(0, 10)).toBe(calendarDateIn(new Date(instant)));
  });
});

describe("instantAtLocal", () => {
  it("finds 08:00 of a person's day, either side of UTC and of a DST change", () => {
    expect(iso(instantAtLocal("2026-12-14", 8, "UTC"))).toBe("2026-12-14T08:00:00.000Z");
    expect(iso(instantAtLocal("2026-12-14", 8, "America/New_York"))).toBe(
      "2026-12-14T13:00:00.000Z",
    );
    expect(iso(instantAtLocal("2026-12-14", 8, "Pacific/Auckland"))).toBe(
      "2026-12-13T19:00:00.000Z",
    );
    // London moves to summer time on 29 March 2026 at 01:00 UTC, back on 25 October at 01:00 UTC.
    expect(iso(instantAtLocal("2026-03-28", 8, "Europe/London"))).toBe("2026-03-28T08:00:00.000Z");
    expect(iso(instantAtLocal("2026-03-29", 8, "Europe/London"))).toBe("2026-03-29T07:00:00.000Z");
    expect(iso(instantAtLocal("2026-10-25", 8, "Europe/London"))).toBe("2026-10-25T08:00:00.000Z");
  });

  it("reads an hour the clocks skip as the same time after the gap, and a repeated hour as its first", () => {
    // 01:00-02:00 does not exist in London on 29 March 2026.
    expect(iso(instantAtLocal("2026-03-29", 1, "Europe/London"))).toBe("2026-03-29T01:00:00.000Z");
    expect(wallClockAt(instantAtLocal("2026-03-29", 1, "Europe/London"), "Europe/London")).toBe(
      at("2026-03-29T02:00:00Z"),
    );
    // 01:00-02:00 happens twice in London on 25 October 2026: first in summer time.
    expect(iso(instantAtLocal("2026-10-25", 1, "Europe/London"))).toBe("2026-10-25T00:00:00.000Z");
  });

  it("agrees with wallClockAt for every morning of a year in zones with and without DST", () => {
    for (const zone of ["Europe/London", "America/New_York", "Australia/Sydney", "Asia/Tokyo"]) {
      for (
        let day = at("2026-01-01T00:00:00Z");
        day < at("2027-01-01T00:00:00Z");
        day += 86_400_000
      ) {
        const date = new Date(day).toISOString().slice(0, 10);
        expect(iso(wallClockAt(instantAtLocal(date, 8, zone), zone)), `${zone} ${date}`).toBe(
          `${date}T08:00:00.000Z`,
        );
      }
    }
  });
});
