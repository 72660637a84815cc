// decisions D6: how long until the person's date changes, in time zones.
import { describe, expect, it } from "vitest";
import { msUntilMidnight } from "./day-watch";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("msUntilMidnight", () => {
  it.each([
    ["UTC", "2026-11-29T23:50:00Z", 10 * MINUTE],
    ["UTC", "2026-11-29T23:59:59.999Z", 1],
    ["UTC", "2026-11-30T00:00:00Z", 24 * HOUR],
    // 08:48 on Monday in Tokyo.
    ["Asia/Tokyo", "2026-11-29T23:48:00Z", 15 * HOUR + 12 * MINUTE],
    // 16:00 on Sunday in Los Angeles.
    ["America/Los_Angeles", "2026-11-30T00:00:00Z", 8 * HOUR],
    // 05:30 in Kolkata (UTC+05:30).
    ["Asia/Kolkata", "2026-11-30T00:00:00Z", 18 * HOUR + 30 * MINUTE],
  ])("in %s at %s is %i ms", (timeZone, at, ms) => {
    expect(msUntilMidnight(new Date(at), timeZone)).toBe(ms);
  });

  it("counts the hours that day really has when the clocks change before its midnight", () => {
    // Los Angeles springs forward on 14 March 2027 at 02:00: from 00:00 PST, 23 hours to midnight.
    expect(msUntilMidnight(new Date("2027-03-14T08:00:00Z"), "America/Los_Angeles")).toBe(
      23 * HOUR,
    );
    // It falls back on 7 November 2027 at 02:00: from 00:00 PDT, 25 hours to midnight.
    expect(msUntilMidnight(new Date("2027-11-07T07:00:00Z"), "America/Los_Angeles")).toBe(
      25 * HOUR,
    );
  });

  it("counts on the wall clock after the clocks changed that day", () => {
    // New York springs forward on 14 March 2027 at 02:00; at 08:00 EDT midnight is 16 hours on.
    expect(msUntilMidnight(new Date("2027-03-14T12:00:00Z"), "America/New_York")).toBe(16 * HOUR);
  });
});
