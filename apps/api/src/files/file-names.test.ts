import { describe, expect, it } from "vitest";
import { DOCUMENT_TYPES } from "./document-types.js";
import { storedFileName } from "./file-names.js";

const pdf = DOCUMENT_TYPES.pdf;

describe("storedFileName", () => {
  it("shortens a long name before its ending, by whole characters as a person sees them", () => {
    // The family (8 UTF-16 units) does not fit whole after 190 letters: it goes, not half of it.
    expect(storedFileName(`${"a".repeat(190)}👨‍👩‍👧 bill.pdf`, pdf)).toBe(`${"a".repeat(190)}.pdf`);
  });

  it("keeps a name made of one long character, cut inside it, never only its ending", () => {
    for (const sent of ["👨‍".repeat(80) + "family.pdf", `e${"\u0301".repeat(300)}.pdf`]) {
      const name = storedFileName(sent, pdf);
      expect(name.startsWith("."), name).toBe(false);
      expect(name.endsWith(".pdf")).toBe(true);
      expect(name.length).toBeLessThanOrEqual(200);
      expect(name.length).toBeGreaterThan(".pdf".length);
      // The import's check (account-import/check-archive.ts) takes back what an upload kept.
      expect(storedFileName(name, pdf)).toBe(name);
    }
  });
});
