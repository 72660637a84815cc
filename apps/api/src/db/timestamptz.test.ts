import { describe, expect, it } from "vitest";
import { parseTimestamptz } from "./timestamptz.js";

describe("parseTimestamptz", () => {
  it.each([
    ["0001-01-01 00:00:00+00", "0001-01-01T00:00:00.000Z"],
    ["0049-06-30 12:00:00+00", "0049-06-30T12:00:00.000Z"],
    ["0099-12-31 23:59:59+00", "0099-12-31T23:59:59.000Z"],
    ["2026-03-01 09:00:00+00", "2026-03-01T09:00:00.000Z"],
    ["2024-02-29 23:59:59.123456+00", "2024-02-29T23:59:59.123Z"],
    ["2026-03-01 09:00:00.5+00", "2026-03-01T09:00:00.500Z"],
    ["2026-03-01 14:30:00+05:30", "2026-03-01T09:00:00.000Z"],
    ["2026-03-01 04:00:00-05", "2026-03-01T09:00:00.000Z"],
    ["1900-01-01 00:19:32+00:19:32", "1900-01-01T00:00:00.000Z"],
    ["9999-12-31 23:59:59+00", "9999-12-31T23:59:59.000Z"],
  ])("reads %s as %s", (text, iso) => {
    expect(parseTimestamptz(text).toISOString()).toBe(iso);
  });

  it("reads years beyond 9999 and before year 1 (BC)", () => {
    expect(parseTimestamptz("10000-01-01 00:00:00+00").getUTCFullYear()).toBe(10_000);
    // 1 BC is year 0, 2 BC is year -1.
    expect(parseTimestamptz("0001-12-31 23:00:00+00 BC").getUTCFullYear()).toBe(0);
    expect(parseTimestamptz("0002-01-01 00:00:00+00 BC").getUTCFullYear()).toBe(-1);
  });

  it("refuses text that is not PostgreSQL's timestamptz output", () => {
    expect(() => parseTimestamptz("2026-03-01T09:00:00Z")).toThrow(RangeError);
    expect(() => parseTimestamptz("infinity")).toThrow(RangeError);
  });
});
