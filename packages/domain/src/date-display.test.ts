import { describe, expect, it } from "vitest";
import { formatDate, formatMomentDate, formatTime } from "./date-display.js";

// These run under UTC, America/Los_Angeles and Asia/Tokyo (see package.json): a plain local
// conversion would show 28 February or 2 March for some of them in one of those zones.
describe("formatDate", () => {
  it.each([
    ["en-US", "11/21/2026"],
    ["en-GB", "21/11/2026"],
    ["de-DE", "21.11.2026"],
  ])("writes 2026-11-21 as %s writes a date: %s", (locale, expected) => {
    expect(formatDate("2026-11-21", locale)).toBe(expected);
  });

  it.each([
    "2026-03-01",
    "2026-03-01T00:00:00Z",
    "2026-03-01T23:30:00Z",
    "2026-03-01T12:00:00.000Z",
  ])("shows %s as 1 March in every time zone", (value) => {
    expect(formatDate(value, "en-US")).toBe("3/1/2026");
    expect(formatDate(value, "en-GB", { day: "numeric", month: "long" })).toBe("1 March");
  });

  it("shows an instant with an offset on its UTC date", () => {
    expect(formatDate("2026-03-01T23:30:00-05:00", "en-US")).toBe("3/2/2026");
  });

  it("shows the leap day as typed", () => {
    expect(formatDate("2028-02-29", "en-GB")).toBe("29/02/2028");
  });

  it("takes formatting options but stays on the UTC date even when they name a zone", () => {
    expect(formatDate("2026-03-01", "en-US", { dateStyle: "long" })).toBe("March 1, 2026");
    expect(formatDate("2026-03-01T23:30:00Z", "en-US", { timeZone: "Asia/Tokyo" })).toBe(
      "3/1/2026",
    );
  });

  it("uses the first locale of a list it supports", () => {
    expect(formatDate("2026-03-01", ["fr-FR", "en-US"])).toBe("01/03/2026");
  });

  it("uses the runtime's locale when none is given", () => {
    const runtimeLocale = new Intl.DateTimeFormat().resolvedOptions().locale;
    expect(formatDate("2026-03-01")).toBe(formatDate("2026-03-01", runtimeLocale));
  });

  it.each(["", "soon", "2026-02-30", "2026-03-01T09:00:00", "1"])(
    "returns the unreadable value %j as it is",
    (value) => {
      expect(formatDate(value, "en-US")).toBe(value);
    },
  );
});

describe("formatTime", () => {
  it("writes the time of day as the locale does, in UTC", () => {
    expect(formatTime("2026-11-21T09:30:00Z", "en-US")).toMatch(/^9:30\sAM$/u);
    expect(formatTime("2026-11-21T21:05:00Z", "en-GB")).toBe("21:05");
  });

  it("shows the UTC time in every time zone, late in the day too", () => {
    expect(formatTime("2026-03-01T23:30:00Z", "en-GB")).toBe("23:30");
    expect(formatTime("2026-03-01T00:00:00Z", "en-US")).toMatch(/^12:00\sAM$/u);
  });

  it("writes an instant given in milliseconds the same as its ISO text", () => {
    expect(formatTime(Date.UTC(2026, 10, 21, 21, 5), "en-GB")).toBe("21:05");
  });

  it("returns an unreadable value as it is", () => {
    expect(formatTime("later", "en-GB")).toBe("later");
  });
});

describe("formatMomentDate", () => {
  // 20:00 UTC on 30 November 2026 is 09:00 on 1 December in Auckland (UTC+13 in summer), 12:00
  // on 30 November in Los Angeles.
  const kept = "2026-11-30T20:00:00Z";

  it("writes when something happened on the person's own calendar, not UTC's", () => {
    expect(formatMomentDate(kept, "en-US", "Pacific/Auckland", { dateStyle: "medium" })).toBe(
      "Dec 1, 2026",
    );
    expect(formatMomentDate(kept, "en-US", "America/Los_Angeles", { dateStyle: "medium" })).toBe(
      "Nov 30, 2026",
    );
    expect(formatMomentDate(kept, "de-DE", "Europe/Berlin")).toBe("30.11.2026");
  });

  it("uses the runtime's time zone when none is given", () => {
    const runtimeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatMomentDate(kept, "en-GB")).toBe(formatMomentDate(kept, "en-GB", runtimeZone));
  });

  it("returns an unreadable value as it is", () => {
    expect(formatMomentDate("2026-11-30T20:00:00", "en-US", "Pacific/Auckland")).toBe(
      "2026-11-30T20:00:00",
    );
  });
});
