// The reading section's times (issue 21): how long after its upload's 201 a document is read, as
// the Upload dialog sees it (GET /files/{id} answering "read"), through the built API and its job
// engine. Cold: the first file of a freshly started API (its reading thread starts, and with the
// first image its OCR engine: as after a minute without files, when the thread has ended). Warm:
// later files in the same process, the documents taking turns.
import { startApiProcess } from "@life-admin/reliability/api-process";
import { interleave, median } from "../stats.js";
import { corpusDocument, timeReading, type CorpusDocument } from "../support/uploads.js";
import type { BenchContext } from "./section.js";

/** GET /files/{id} is asked again this long after each answer: the times' resolution. */
export const POLL_MS = 25;
/** Warm readings of each document, after one to warm up. */
export const WARM_READINGS = 5;
/**
 * The job engine starts after the API listens (and GET /health answers): a cold upload waits this
 * long after /health, so that it times the reading thread's start and not the engine's.
 */
export const ENGINE_START_MS = 5_000;
export const TIMEOUT_MS = 120_000;

export interface ReadingDocument {
  /** What it is, for the table. */
  what: string;
  document: CorpusDocument;
}

/** The corpus's one-page PDF bill with a text layer: also read while photos are (reading-load.ts). */
export const ONE_PAGE_PDF = { what: "one-page PDF (text layer)", file: "uk-energy-bill.pdf" };

/**
 * From the corpus (apps/api/corpus/files): a one-page PDF with a text layer, a DOCX, a photo, and
 * a photo stored upside down without EXIF, which OCR reads the other ways up after its first
 * pass reads nonsense (three more passes, at half size, in the worst case: 180 degrees is tried
 * last).
 */
export function readingDocuments(): ReadingDocument[] {
  return [
    { what: ONE_PAGE_PDF.what, document: corpusDocument(ONE_PAGE_PDF.file) },
    { what: "DOCX (one page)", document: corpusDocument("uk-council-tax.docx") },
    {
      what: "photo: JPEG 1199 x 1644, turned 2.5°, blurred, grainy, shaded (OCR)",
      document: corpusDocument("uk-mot-expiry.jpeg"),
    },
    {
      what: "photo: JPEG 1199 x 1644, stored upside down without EXIF (OCR, every way up tried)",
      document: corpusDocument("us-doctor-appointment-turned-180.jpeg"),
    },
  ];
}

export interface DocumentTimes {
  what: string;
  file: string;
  /** One cold reading per round, ms. */
  cold: number[];
  /** Every warm reading, ms. */
  warm: number[];
  warmMedianMs: number;
  /** The kind read from it, as a check that it was read as the corpus labels it. */
  proposed: string;
}

export interface ApiUnderTest {
  port: number;
  env: Record<string, string>;
  token: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each document read first by an API started for it alone, one per round. */
export async function coldTimes(
  target: ApiUnderTest,
  documents: readonly ReadingDocument[],
  context: BenchContext,
  engine: string,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>(documents.map((d) => [d.document.name, []]));
  await interleave(documents, context.rounds, async ({ document }, round) => {
    context.log(`reading: ${engine}, round ${round + 1}, ${document.name} cold`);
    const api = await startApiProcess({ port: target.port, env: target.env });
    try {
      await sleep(ENGINE_START_MS);
      const { ms } = await timeReading(api.url, target.token, document, {
        pollMs: POLL_MS,
        timeoutMs: TIMEOUT_MS,
      });
      times.get(document.name)?.push(ms);
    } finally {
      await api.stop();
    }
  });
  return times;
}

/** Each document read once to warm up, then WARM_READINGS times, taking turns, in `apiUrl`. */
export async function warmTimes(
  apiUrl: string,
  token: string,
  documents: readonly ReadingDocument[],
): Promise<Map<string, { ms: number[]; proposed: string }>> {
  const times = new Map(
    documents.map((d) => [d.document.name, { ms: [] as number[], proposed: "" }]),
  );
  const options = { pollMs: POLL_MS, timeoutMs: TIMEOUT_MS };
  for (const { document } of documents) await timeReading(apiUrl, token, document, options);
  await interleave(documents, WARM_READINGS, async ({ document }) => {
    const { ms, file } = await timeReading(apiUrl, token, document, options);
    const entry = times.get(document.name);
    entry?.ms.push(ms);
    if (entry !== undefined) entry.proposed = file.proposal?.kind ?? "nothing";
  });
  return times;
}

export function documentTimes(
  documents: readonly ReadingDocument[],
  cold: Map<string, number[]>,
  warm: Map<string, { ms: number[]; proposed: string }>,
): DocumentTimes[] {
  return documents.map(({ what, document }) => {
    const warmOf = warm.get(document.name) ?? { ms: [], proposed: "" };
    return {
      what,
      file: document.name,
      cold: cold.get(document.name) ?? [],
      warm: warmOf.ms,
      warmMedianMs: median(warmOf.ms),
      proposed: warmOf.proposed,
    };
  });
}
