import { describe, expect, it } from "vitest";
import * as limits from "./limits.js";

describe("limits", () => {
  it("are all whole, non-negative numbers", () => {
    for (const [name, value] of Object.entries(limits)) {
      expect(Number.isSafeInteger(value), name).toBe(true);
      expect(value, name).toBeGreaterThanOrEqual(0);
    }
  });

  it("give every range a minimum below its maximum", () => {
    expect(limits.COST_MIN).toBeLessThan(limits.COST_MAX);
    expect(limits.REMIND_DAYS_MIN).toBeLessThan(limits.REMIND_DAYS_MAX);
  });

  it("leave room for every reminder choice (spec 5: up to 30 days before)", () => {
    expect(limits.REMIND_DAYS_MIN).toBeLessThanOrEqual(1);
    expect(limits.REMIND_DAYS_MAX).toBeGreaterThanOrEqual(30);
  });

  it("let every text field hold at least one character", () => {
    for (const name of [
      "TASK_TITLE_MAX_LENGTH",
      "TASK_NOTES_MAX_LENGTH",
      "SUBSCRIPTION_NAME_MAX_LENGTH",
      "CANCEL_LINK_MAX_LENGTH",
      "FULL_NAME_MAX_LENGTH",
      "EMAIL_MAX_LENGTH",
    ] as const) {
      expect(limits[name], name).toBeGreaterThan(0);
    }
  });
});
