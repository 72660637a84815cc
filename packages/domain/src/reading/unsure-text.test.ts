import { describe, expect, it } from "vitest";
import { proposeFromText } from "./propose-from-text.js";
import { UNSURE_TEXT_CONFIDENCE, asUnsure } from "./unsure-text.js";

const BILL = [
  "Northgate Energy",
  "Your electricity bill",
  "Amount due £84.20",
  "Please pay by 3 December 2026.",
].join("\n");

describe("asUnsure", () => {
  it("lowers every field to a guess, keeps what was not found at 0, and changes nothing else", () => {
    const sure = proposeFromText(BILL, { today: "2026-11-16" });
    expect(Math.max(...Object.values(sure.confidence))).toBeGreaterThan(UNSURE_TEXT_CONFIDENCE);

    const unsure = asUnsure(sure);

    const { confidence, ...rest } = unsure;
    const { confidence: sureConfidence, ...sureRest } = sure;
    expect(rest).toEqual(sureRest);
    for (const [field, value] of Object.entries(confidence)) {
      const before = sureConfidence[field as keyof typeof sureConfidence];
      expect(value, field).toBe(Math.min(before, UNSURE_TEXT_CONFIDENCE));
    }
  });
});
