import { describe, expect, it } from "vitest";
import { formatDollars } from "./money.js";

describe("formatDollars", () => {
  it("writes an amount with a dollar sign and two decimals", () => {
    expect(formatDollars(15.49)).toBe("$15.49");
    expect(formatDollars(12)).toBe("$12.00");
    expect(formatDollars(0)).toBe("$0.00");
    expect(formatDollars(0.1 + 0.2)).toBe("$0.30");
  });
});
