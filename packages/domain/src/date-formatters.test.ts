import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "./date-formatters.js";

describe("dateTimeFormat", () => {
  it("gives the same formatter for equal locale and options, and another for others", () => {
    const options = { timeZone: "UTC", weekday: "short" } as const;
    const first = dateTimeFormat("en-GB", options);
    expect(dateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short" })).toBe(first);
    expect(dateTimeFormat(["en-GB"], options)).not.toBe(first);
    expect(dateTimeFormat("en-US", options)).not.toBe(first);
    expect(dateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long" })).not.toBe(first);
    expect(dateTimeFormat(undefined, options)).not.toBe(first);
  });

  it("formats as a new Intl.DateTimeFormat with the same arguments would", () => {
    const day = Date.UTC(2026, 10, 21);
    for (const locale of ["en-US", "de-DE", undefined]) {
      const options = { timeZone: "UTC", day: "numeric", month: "long" } as const;
      const expected = new Intl.DateTimeFormat(locale, options).format(day);
      expect(dateTimeFormat(locale, options).format(day)).toBe(expected);
      expect(dateTimeFormat(locale, options).format(day)).toBe(expected);
    }
  });

  it("stays correct past its size: a hundred zones and styles, each formatted as its own", () => {
    const instant = Date.UTC(2026, 10, 21, 9, 30);
    const styles = ["short", "medium", "long", "full"] as const;
    for (let round = 0; round < 2; round++) {
      for (let offset = -12; offset <= 12; offset++) {
        for (const timeStyle of styles) {
          const options = { timeZone: `Etc/GMT${offset < 0 ? "" : "+"}${offset}`, timeStyle };
          const expected = new Intl.DateTimeFormat("en-GB", options).format(instant);
          expect(dateTimeFormat("en-GB", options).format(instant)).toBe(expected);
        }
      }
    }
  });
});
