import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_TASK_TIME,
  IsoDateSchema,
  IsoDateTimeSchema,
  TimeOfDaySchema,
  addDays,
  buildDueDate,
  calendarDateIn,
  instantOf,
  isAllDay,
  isIsoDate,
  utcDateOf,
} from "./iso-dates.js";
import { issueMessages } from "./test-support.js";

describe("IsoDateSchema", () => {
  it.each(["2026-01-31", "2024-02-29", "2028-02-29", "2026-12-31"])(
    "accepts the real date %s",
    (date) => {
      expect(IsoDateSchema.parse(date)).toBe(date);
    },
  );

  it.each([
    ["2023-02-29", "a leap day in a common year"],
    ["2026-02-30", "the 30th of February"],
    ["2026-04-31", "the 31st of April"],
    ["2026-13-01", "a thirteenth month"],
    ["2026-00-10", "month zero"],
    ["2026-2-1", "a date without leading zeros"],
    ["2026-03-01T00:00:00Z", "an instant"],
    ["01/03/2026", "a locale-written date"],
    ["", "an empty string"],
  ])("rejects %s (%s) with a message the form can show", (value) => {
    expect(issueMessages(IsoDateSchema, value)[0]).toBe("Use a real date in the form 2026-01-31");
  });
});

describe("the years kept", () => {
  it("are 0001 to 9999: year 0 is refused by the field, not by the database", () => {
    expect(IsoDateSchema.parse("0001-01-01")).toBe("0001-01-01");
    expect(IsoDateSchema.parse("9999-12-31")).toBe("9999-12-31");
    expect(issueMessages(IsoDateSchema, "0000-01-01")).toEqual([
      "Use a date in the years 0001 to 9999",
    ]);
    expect(IsoDateTimeSchema.parse("9999-12-31T23:59:59Z")).toBe("9999-12-31T23:59:59Z");
    expect(IsoDateTimeSchema.parse("0001-01-01T00:00:00Z")).toBe("0001-01-01T00:00:00Z");
  });

  it.each([
    ["0000-12-31T23:00:00Z", "year 0"],
    ["0001-01-01T00:30:00+01:00", "year 0 once in UTC"],
    ["9999-12-31T23:30:00-01:00", "year 10000 once in UTC"],
  ])("refuses the instant %s (%s), saying which years", (value) => {
    expect(issueMessages(IsoDateTimeSchema, value)).toEqual([
      "Use a date and time in the years 0001 to 9999 (UTC)",
    ]);
  });
});

describe("IsoDateTimeSchema", () => {
  it.each([
    "2026-01-31T09:00:00Z",
    "2026-01-31T09:00:00.123Z",
    "2026-01-31T09:00:00+05:30",
    "2026-01-31T09:00:00-08:00",
    "2024-02-29T23:59:59Z",
  ])("accepts the instant %s, with Z or an offset", (value) => {
    expect(IsoDateTimeSchema.parse(value)).toBe(value);
  });

  it.each([
    ["2026-01-31", "a date without a time"],
    ["2026-01-31T09:00Z", "a time without seconds"],
    ["2026-01-31T09:00:00", "a time without Z or offset"],
    ["2026-01-31T09:00:00+0530", "an offset without a colon"],
    ["2026-02-30T09:00:00Z", "an impossible date"],
    ["2026-01-31T24:00:00Z", "hour 24"],
    ["soon", "words"],
  ])("rejects %s (%s) with a message the form can show", (value) => {
    expect(issueMessages(IsoDateTimeSchema, value)[0]).toBe(
      "Use a real date and time in the form 2026-01-31T09:00:00Z",
    );
  });
});

describe("buildDueDate", () => {
  it("writes the date and time as {date}T{time}:00Z", () => {
    expect(buildDueDate("2026-03-01", "09:30")).toBe("2026-03-01T09:30:00Z");
  });

  it.each([undefined, null, ""])("uses 00:00 when the time is %j", (time) => {
    expect(buildDueDate("2026-03-01", time)).toBe(`2026-03-01T${DEFAULT_TASK_TIME}:00Z`);
    expect(DEFAULT_TASK_TIME).toBe("00:00");
  });

  it("uses 00:00 when no time is passed at all", () => {
    expect(buildDueDate("2026-03-01")).toBe("2026-03-01T00:00:00Z");
  });

  it("keeps the leap day and the last minute of the day", () => {
    expect(buildDueDate("2028-02-29", "23:59")).toBe("2028-02-29T23:59:00Z");
  });

  it.each(["2026-2-1", "2026-02-30", "2023-02-29", "2026-13-01", "", "2026-03-01T09:30"])(
    "throws a RangeError for the malformed date %j",
    (date) => {
      expect(() => buildDueDate(date, "09:30")).toThrow(RangeError);
    },
  );

  it.each(["24:00", "9:00", "09:60", "09:30:00", " 09:30", "noon"])(
    "throws a RangeError for the malformed time %j",
    (time) => {
      expect(() => buildDueDate("2026-03-01", time)).toThrow(RangeError);
    },
  );

  it("accepts exactly the times the Time field may hold, and words the refusal for the form", () => {
    for (const time of ["00:00", "09:30", "23:59"]) {
      expect(TimeOfDaySchema.safeParse(time).success, time).toBe(true);
    }
    const refused = TimeOfDaySchema.safeParse("9:30");
    expect(refused.error?.issues[0]?.message).toBe("Use a time like 09:30");
  });

  it("names the bad value in the error", () => {
    expect(() => buildDueDate("2026-02-30")).toThrow(/"2026-02-30"/);
    expect(() => buildDueDate("2026-03-01", "24:00")).toThrow(/"24:00"/);
  });

  it("always gives an instant the task schema accepts, at the very date and time typed", () => {
    const dates = fc
      .date({ min: new Date("1970-01-01"), max: new Date("9999-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const times = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    fc.assert(
      fc.property(dates, times, (date, time) => {
        const due = buildDueDate(date, time);
        expect(IsoDateTimeSchema.safeParse(due).success).toBe(true);
        expect(new Date(due).toISOString()).toBe(`${date}T${time}:00.000Z`);
      }),
    );
  });
});

describe("isAllDay", () => {
  it("reads a task whose time was left empty (00:00) as all-day, any other time as timed", () => {
    expect(isAllDay(instantOf(buildDueDate("2026-12-03")))).toBe(true);
    expect(isAllDay(instantOf("2026-12-03T00:01:00Z"))).toBe(false);
    expect(isAllDay(instantOf("2026-12-03T23:59:00Z"))).toBe(false);
  });

  it("holds before 1970 too, and an unreadable instant is not all-day", () => {
    expect(isAllDay(instantOf("1969-07-20T00:00:00Z"))).toBe(true);
    expect(isAllDay(instantOf("1969-07-20T20:17:00Z"))).toBe(false);
    expect(isAllDay(Number.NaN)).toBe(false);
  });
});

describe("isIsoDate", () => {
  it("tells a calendar date from an instant and from nonsense", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2026-03-10T00:00:00Z")).toBe(false);
    expect(isIsoDate("soon")).toBe(false);
  });
});

describe("instantOf", () => {
  it("reads a date as 00:00 UTC and an instant with its offset", () => {
    expect(instantOf("2026-03-01")).toBe(Date.UTC(2026, 2, 1));
    expect(instantOf("2026-03-01T09:30:00Z")).toBe(Date.UTC(2026, 2, 1, 9, 30));
    expect(instantOf("2026-03-01T09:30:00+09:00")).toBe(Date.UTC(2026, 2, 1, 0, 30));
  });

  it.each([
    ["2026-02-30", "which Date.parse would read as 2 March"],
    ["1", "which Date.parse would read as the year 2001"],
    ["2026-03-01T09:30:00", "which Date.parse would read in the viewer's zone"],
    ["March 1, 2026", "which Date.parse would read in the viewer's zone"],
    ["", "empty"],
  ])("treats %j as unreadable (%s)", (value) => {
    expect(instantOf(value)).toBeNaN();
  });
});

describe("utcDateOf", () => {
  it("gives the UTC calendar date of a date or an instant", () => {
    expect(utcDateOf("2026-03-01")).toBe("2026-03-01");
    expect(utcDateOf("2026-03-01T23:30:00Z")).toBe("2026-03-01");
    expect(utcDateOf("2026-03-01T23:30:00-05:00")).toBe("2026-03-02");
  });

  it("gives null for an unreadable value", () => {
    expect(utcDateOf("not a date")).toBeNull();
    expect(utcDateOf("2026-02-30")).toBeNull();
  });
});

describe("addDays", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-03-01", 0, "2026-03-01"],
    ["2026-03-01", 30, "2026-03-31"],
  ])("moves %s by %i days to %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe("calendarDateIn", () => {
  it.each([
    // 05:00 UTC on 1 March is still the evening of 28 February in Los Angeles (UTC-8).
    ["2026-03-01T05:00:00Z", "America/Los_Angeles", "2026-02-28"],
    ["2026-03-01T05:00:00Z", "Asia/Tokyo", "2026-03-01"],
    ["2026-03-01T05:00:00Z", "UTC", "2026-03-01"],
    // 15:30 UTC on 28 February is already 1 March in Tokyo (UTC+9).
    ["2026-02-28T15:30:00Z", "Asia/Tokyo", "2026-03-01"],
    ["2026-02-28T15:30:00Z", "America/Los_Angeles", "2026-02-28"],
    ["2026-02-28T14:59:59Z", "Asia/Tokyo", "2026-02-28"],
    ["2026-01-01T00:00:00Z", "America/Los_Angeles", "2025-12-31"],
    ["2026-01-01T00:00:00Z", "Asia/Tokyo", "2026-01-01"],
    ["2028-03-01T07:59:59Z", "America/Los_Angeles", "2028-02-29"],
    ["2028-03-01T08:00:00Z", "America/Los_Angeles", "2028-03-01"],
  ])("at %s in %s it is %s", (now, timeZone, expected) => {
    expect(calendarDateIn(new Date(now), timeZone)).toBe(expected);
  });

  it("uses the runtime's own zone when none is given", () => {
    for (const now of [new Date("2026-03-01T05:00:00Z"), new Date("2026-02-28T15:30:00Z")]) {
      const local = [
        String(now.getFullYear()),
        String(now.getMonth() + 1).padStart(2, "0"),
        String(now.getDate()).padStart(2, "0"),
      ].join("-");
      expect(calendarDateIn(now)).toBe(local);
    }
  });
});
