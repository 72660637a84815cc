import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalSignOf, numberOf } from "./written-numbers.js";

describe("numberOf, as a document writes an amount", () => {
  it.each([
    ["84.20", 84.2],
    ["1,234.56", 1234.56],
    ["1.234,56", 1234.56],
    ["1 234,56", 1234.56],
    ["12,50", 12.5],
    ["1,704", 1704],
    ["1.044", 1044],
    ["1,234,567.8", 1234567.8],
    ["45", 45],
  ])("reads %s as %d", (written, value) => {
    expect(numberOf(written)).toBe(value);
  });

  it("reads a number written either way to the same value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const whole = Math.floor(cents / 100).toLocaleString("en-US");
        const decimals = String(cents % 100).padStart(2, "0");
        const british = `${whole}.${decimals}`;
        const european = `${whole.replaceAll(",", ".")},${decimals}`;
        expect(numberOf(british)).toBe(cents / 100);
        expect(numberOf(european)).toBe(cents / 100);
      }),
    );
  });
});

describe("numberOf, as a person types a cost in their locale's writing", () => {
  it.each([
    // A German writes a decimal comma: 12,99 is twelve euros ninety-nine, never 1.299.
    ["12,99", ",", 12.99],
    ["1.234,50", ",", 1234.5],
    ["1234,5", ",", 1234.5],
    ["0,5", ",", 0.5],
    ["1 234,50", ",", 1234.5],
    // A point followed by fewer than three digits is a decimal point in any locale.
    ["12.99", ",", 12.99],
    // Three digits after the locale's own group sign group thousands.
    ["1.234", ",", 1234],
    ["1,234", ".", 1234],
    ["9.99", ".", 9.99],
    [",5", ",", 0.5],
    [".5", ".", 0.5],
  ])("reads %s (decimal sign %s) as %d", (typed, sign, value) => {
    expect(numberOf(typed, sign)).toBe(value);
  });

  it("reads three digits after the locale's own decimal sign as decimals, which a cost then refuses", () => {
    // Not 1234 nor 9999: the person's writing says these are decimals.
    expect(numberOf("1,234", ",")).toBe(1.234);
    expect(numberOf("9.999", ".")).toBe(9.999);
    expect(numberOf("12.5555", ",")).toBe(12.5555);
  });

  it("reads a sign before the number, so that a negative cost is said to be one", () => {
    expect(numberOf("-1", ".")).toBe(-1);
    expect(numberOf("-12,50", ",")).toBe(-12.5);
  });

  it.each(["", "abc", "12,99 €", "1,23,4", "12345.678,9", "1..5", "12,", "1e3", "--1"])(
    "reads %j as no number",
    (typed) => {
      expect(numberOf(typed, ",")).toBeNull();
      expect(numberOf(typed, ".")).toBeNull();
    },
  );
});

describe("decimalSignOf", () => {
  it("is the sign the locale writes before decimals", () => {
    expect(decimalSignOf("de-DE")).toBe(",");
    expect(decimalSignOf("fr-FR")).toBe(",");
    expect(decimalSignOf("en-US")).toBe(".");
    expect(decimalSignOf("en-GB")).toBe(".");
  });

  it("is a point where the locale writes decimals otherwise", () => {
    // Arabic writes "٫": a person typing digits on a Latin keyboard types "." or ",".
    expect(decimalSignOf("ar-EG")).toBe(".");
  });
});
