// The reading section's documents: the corpus's files it names are there, and are what the
// section's table says they are (by their bytes, as the API types them).
import { describe, expect, it } from "vitest";
import { photos } from "../src/sections/reading-load.js";
import { readingDocuments } from "../src/sections/reading-times.js";

const startsWith = (bytes: Uint8Array, ...magic: number[]) =>
  magic.every((byte, i) => bytes[i] === byte);

describe("the reading section's documents", () => {
  it("are a PDF, a DOCX (a ZIP) and two JPEG photos from the corpus", () => {
    const [pdf, docx, photo, upsideDown] = readingDocuments().map((d) => d.document);
    expect(pdf?.name).toMatch(/\.pdf$/);
    expect(startsWith(pdf?.bytes ?? new Uint8Array(), 0x25, 0x50, 0x44, 0x46)).toBe(true);
    expect(startsWith(docx?.bytes ?? new Uint8Array(), 0x50, 0x4b, 0x03, 0x04)).toBe(true);
    expect(startsWith(photo?.bytes ?? new Uint8Array(), 0xff, 0xd8, 0xff)).toBe(true);
    expect(startsWith(upsideDown?.bytes ?? new Uint8Array(), 0xff, 0xd8, 0xff)).toBe(true);
  });

  it("has whole-page photos, JPEGs, to keep four files being read", () => {
    const all = photos();
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const { bytes } of all) expect(startsWith(bytes, 0xff, 0xd8, 0xff)).toBe(true);
  });
});
