import { describe, expect, it } from "vitest";
import { plausibleShare, readAsNonsense, readsAsText, readsNothing } from "./ocr-reading.js";

// What tesseract read of the corpus's uk-gym-receipt.jpeg, and its mean confidence: upright, and
// turned 180 degrees (first lines of each).
const UPRIGHT = {
  text: "FitLife Gym\n\nClifton Branch\n\nTel 9117 960 1122\n\nRECEIPT 004512\n\n01/11/2026 07:42\n\nItem £\nMonthly membership 29.99\nTowel hire 2.00\nTOTAL £31.99",
  confidence: 90,
};
const UPSIDE_DOWN = {
  text: "isn yatm Bututesl 10) nok jueyl\n9202/21/10 :a3ep juswAed xan\nyiuow © 66°623 :drysiaquay\nTZ8Y...s PID AQ pred",
  confidence: 33,
};
/** uk-water-bill-quarterly.jpeg turned 90 degrees. */
const SIDEWAYS = {
  text: "P2EF FF BEEF 2\nHIE RLHE\n‘sffgd ¢ z3 ©\n51% ¢ Es 2\n: ! £\niE =\n“ o\n3 o\n3 o\n3 -\nmem E\n8g3E 2",
  confidence: 31,
};

describe("readsAsText", () => {
  it("takes an upright page's reading for text", () => {
    expect(readsAsText(UPRIGHT)).toBe(true);
  });

  it("takes a page read upside down or sideways for nonsense, by tesseract's own confidence", () => {
    expect(readsAsText(UPSIDE_DOWN)).toBe(false);
    expect(readsAsText(SIDEWAYS)).toBe(false);
  });

  it("takes a confident reading that is mostly not words for nonsense too", () => {
    const scraps = {
      text: "Vxrtq Blmkz Trwdn\nAmount due £84.50\nQrst Kjhg Pzzt Mnbv",
      confidence: 88,
    };
    expect(readsAsText(scraps)).toBe(false);
  });
});

describe("plausibleShare", () => {
  it("counts words, amounts, dates and references, long ones more than scraps", () => {
    expect(plausibleShare(UPRIGHT.text)).toBeGreaterThan(0.9);
    expect(plausibleShare(SIDEWAYS.text)).toBeLessThan(0.5);
    expect(plausibleShare("")).toBe(0);
  });
});

describe("readsNothing", () => {
  it("takes a reading with no letter or digit for nothing, and a scrap for something", () => {
    expect(readsNothing({ text: "", confidence: 0 })).toBe(true);
    expect(readsNothing({ text: "[|\n—", confidence: 56 })).toBe(true);
    expect(readsNothing({ text: "IN\n", confidence: 8 })).toBe(false);
  });

  it("leaves a reading of nothing out of doubt, and a scrap in it", () => {
    expect(readAsNonsense({ text: "[|\n", confidence: 56 })).toBe(false);
    expect(readAsNonsense({ text: "IN\n", confidence: 8 })).toBe(true);
  });
});
