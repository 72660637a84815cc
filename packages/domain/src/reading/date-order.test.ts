import { describe, expect, it } from "vitest";
import { dateOrderOf } from "./date-order.js";

describe("dateOrderOf", () => {
  it.each([
    ["a date only day-first can read", "Issued 25/11/2026, due 05/12/2026", "day-first"],
    ["a date only month-first can read", "Issued 11/25/2026, due 12/05/2026", "month-first"],
    ["a two-digit year", "Paid 11/25/26", "month-first"],
  ])("is settled by %s", (_, text, order) => {
    expect(dateOrderOf(text)).toEqual({ order, confidence: 1 });
  });

  it("follows the dates that settle it when a few disagree (an OCR slip)", () => {
    expect(dateOrderOf("30/11/2026 and 31/12/2026 but 11/30/2026").order).toBe("day-first");
  });

  it("reads dotted dates as the European, day-first form", () => {
    expect(dateOrderOf("Due 01.12.2026 $ 10.00")).toEqual({ order: "day-first", confidence: 0.9 });
  });

  it.each([
    ["pounds", "Amount due £84.20 by 05/12/2026", "day-first"],
    ["euros", "Total 48,20 € on 05/12/2026", "day-first"],
    ["the code GBP", "GBP 12.00 on 05/12/2026", "day-first"],
    ["dollars", "Amount due $84.20 by 05/12/2026", "month-first"],
    ["the code USD", "USD 12.00 on 05/12/2026", "month-first"],
    [
      "Australian dollars, not US ones",
      "Total A$85.00 by 05/12/2026, NSW 2000 (3 March)",
      "day-first",
    ],
    ["a UK postcode", "Bristol BS6 5AB", "day-first"],
    ["a US state and ZIP code", "Portland, OR 97205", "month-first"],
    ["a date written day first", "Renews on 3 March 2027 (05/03/2027)", "day-first"],
    ["a date written month first", "Renews March 3, 2027 (03/05/2027)", "month-first"],
  ])("takes %s as a cue", (_, text, order) => {
    const reading = dateOrderOf(text);
    expect(reading.order).toBe(order);
    expect(reading.confidence).toBeGreaterThan(0.5);
    expect(reading.confidence).toBeLessThan(1);
  });

  it("believes a document that names its format over its currency", () => {
    expect(dateOrderOf("Date (MM/DD/YYYY): 05/12/2026, £10").order).toBe("month-first");
    expect(dateOrderOf("Date (dd/mm/yyyy): 05/12/2026, $10").order).toBe("day-first");
  });

  it("is surer with more cues", () => {
    const one = dateOrderOf("$10 on 05/12/2026").confidence;
    const two = dateOrderOf("$10 on 05/12/2026, Portland, OR 97205, March 3, 2027").confidence;
    expect(two).toBeGreaterThan(one);
  });

  it("guesses day first, unsure, with no cue or cues that cancel out", () => {
    expect(dateOrderOf("Meet on 05/06/2026")).toEqual({ order: "day-first", confidence: 0.5 });
    expect(dateOrderOf("£5 or $5 on 05/06/2026")).toEqual({ order: "day-first", confidence: 0.5 });
    expect(dateOrderOf("")).toEqual({ order: "day-first", confidence: 0.5 });
  });
});
