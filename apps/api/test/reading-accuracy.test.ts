// Issue 21's quality goal, kept: the labelled corpus (corpus/) through the real pipeline, the API's
// text extractor then the domain's rules, reaches date and amount >= 90%, kind, frequency and
// name >= 80%. About 20 s on this 2-core machine, most of it OCR of the nineteen images (the three
// stored turned are read up to five times over, each other way up tried).
import { FileProposalSchema } from "@life-admin/domain";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS } from "../corpus/documents.js";
import { labelFileOf, readLabelFiles } from "../corpus/labels.js";
import { corpusAccuracy, measureCorpus } from "../corpus/measure.js";
import { fieldsBelowGoal } from "../corpus/score.js";
import { createTextExtractor } from "../src/reading/extract-text.js";

describe("the reading corpus", () => {
  const extractor = createTextExtractor();
  afterAll(() => extractor.close());

  it("has a committed label file for every document the generator makes, and no other", async () => {
    const labels = await readLabelFiles();
    const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);
    expect(labels.sort(byFile)).toEqual(CORPUS.map(labelFileOf).sort(byFile));
    expect(labels.length).toBeGreaterThanOrEqual(30);
  });

  it("is read into proposals that meet the accuracy goals", { timeout: 180_000 }, async () => {
    const results = await measureCorpus(extractor, await readLabelFiles());
    for (const result of results) {
      expect(result.error, result.label.file).toBeNull();
      expect(FileProposalSchema.safeParse(result.proposal).success, result.label.file).toBe(true);
    }
    const accuracy = corpusAccuracy(results);
    // Over all the documents, as the issue sets the goals. The eight held out are reported by
    // `pnpm reading:accuracy`, not held to the goals here: one miss among eight is 12.5 points.
    expect(fieldsBelowGoal(accuracy.all)).toEqual([]);
  });
});
