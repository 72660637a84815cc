// Runs the corpus through the real reading pipeline: bytes -> text and proposeFromText's proposal,
// both in the API's reading threads (DocumentReader.read, as the job engine reads an upload) ->
// compared with each document's label.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileProposal } from "@life-admin/domain";
import type { DocumentReader, ExtractedText } from "../src/reading/extract-text.js";
import { FILES_DIRECTORY, type LabelFile } from "./labels.js";
import { type Accuracy, accuracyOf, compare, FIELDS, type FieldResults } from "./score.js";

export interface DocumentResult {
  label: LabelFile;
  /** Null when the extractor could not read the file (every field then counts as wrong). */
  proposal: FileProposal | null;
  extracted: ExtractedText | null;
  error: string | null;
  fields: FieldResults;
  /** Reading and proposing, in milliseconds. */
  ms: number;
}

const ALL_WRONG = Object.fromEntries(FIELDS.map((field) => [field, false])) as FieldResults;

export async function measureCorpus(
  reader: DocumentReader,
  labels: readonly LabelFile[],
  directory: URL = FILES_DIRECTORY,
): Promise<DocumentResult[]> {
  const results: DocumentResult[] = [];
  // One at a time: the times printed are each document's own, not a share of the machine.
  for (const label of labels) {
    const bytes = new Uint8Array(await readFile(join(fileURLToPath(directory), label.file)));
    const started = performance.now();
    try {
      // No file name: the corpus's names say what each document is, a person's seldom do.
      const { text: extracted, proposal } = await reader.read(bytes, label.format, {
        today: label.today,
        personName: label.person,
      });
      const ms = performance.now() - started;
      results.push({
        label,
        proposal,
        extracted,
        error: null,
        fields: compare(proposal, label.expected),
        ms,
      });
    } catch (error) {
      const ms = performance.now() - started;
      const message = error instanceof Error ? error.message : String(error);
      results.push({
        label,
        proposal: null,
        extracted: null,
        error: message,
        fields: ALL_WRONG,
        ms,
      });
    }
  }
  return results;
}

export interface CorpusAccuracy {
  all: Accuracy;
  tuning: Accuracy;
  heldOut: Accuracy;
}

export function corpusAccuracy(results: readonly DocumentResult[]): CorpusAccuracy {
  return {
    all: accuracyOf(results.map((result) => result.fields)),
    tuning: accuracyOf(
      results.filter((result) => !result.label.heldOut).map((result) => result.fields),
    ),
    heldOut: accuracyOf(
      results.filter((result) => result.label.heldOut).map((result) => result.fields),
    ),
  };
}
