// Issue 21 (decisions D14): the bytes of an uploaded document turned into text, offline: a PDF's
// text layer, DOCX and DOC text, OCR of an image and of PDF pages without text. Nothing heavy runs
// on the API's event loop: each file is read in a worker thread of a small pool, bounded in time
// and memory, so that a hostile or broken file costs at most one thread, never the process.
// Photos and documents have a pool each (their lanes, document-text.ts): a PDF sent while photos
// are being read is read at once, beside them, not after them.
import type { ProposalContext } from "@life-admin/domain/reading";
import {
  type DocumentKind,
  type DocumentReading,
  type ExtractedText,
  type ReadingLane,
  UnreadableDocumentError,
  readingLaneOf,
} from "./document-text.js";
import {
  type ReadingLimits,
  type ReadingOutcome,
  ReadingThreads,
  type ThreadFailure,
} from "./reading-threads.js";

export { type DocumentKind, type DocumentReading, type ExtractedText, UnreadableDocumentError };

/** What the job engine reads files with: the text and the proposal, off the API's thread. */
export interface DocumentReader {
  read(bytes: Uint8Array, kind: DocumentKind, proposing: ProposalContext): Promise<DocumentReading>;
  /** Ends the threads; files still waiting are refused (an Error, not an unreadable file). */
  close(): Promise<void>;
}

/** The reading threads' pool: a DocumentReader, and the text alone (the corpus's measure, tests). */
export interface TextExtractor extends DocumentReader {
  extract(bytes: Uint8Array, kind: DocumentKind): Promise<ExtractedText>;
}

export interface TextExtractorOptions {
  /**
   * Worker threads reading at once in each lane (photos, documents). Default 1: on a 2-core
   * machine, one photo's OCR and one document at most, beside the API.
   */
  threads?: number;
  /** Per file, from the moment a thread takes it; then the thread is replaced. Default 60 s. */
  timeoutMs?: number;
  /** A thread idle this long ends, giving back its memory (the OCR engine's). Default 60 s. */
  idleMs?: number;
  /** The largest image (or image inside a PDF) decoded, in pixels. Default 40 million. */
  maxPixels?: number;
  /** A PDF's pages read, from the first. Default 20. */
  maxPages?: number;
  /** A PDF's pages without a text layer read by OCR, from the first. Default 3. */
  maxOcrPages?: number;
  /** What a DOCX may unzip to, in all. Default 100 MiB. */
  maxUnzippedBytes?: number;
  /** A thread's JavaScript heap; past it the thread dies and the file is unreadable. Default 512. */
  maxHeapMb?: number;
}

const DEFAULTS = {
  threads: 1,
  timeoutMs: 60_000,
  idleMs: 60_000,
  maxPixels: 40_000_000,
  maxPages: 20,
  maxOcrPages: 3,
  maxUnzippedBytes: 100 * 1024 * 1024,
  maxHeapMb: 512,
} satisfies Required<TextExtractorOptions>;

function reasonFor(failure: ThreadFailure): string {
  switch (failure) {
    case "timeout":
      return "Reading this file took too long.";
    case "crash":
      return "This file is too large or complex to read.";
    default: {
      const unexpected: never = failure;
      return unexpected;
    }
  }
}

export function createTextExtractor(options: TextExtractorOptions = {}): TextExtractor {
  const settings = { ...DEFAULTS, ...options };
  const limits: ReadingLimits = {
    maxPixels: settings.maxPixels,
    maxPages: settings.maxPages,
    maxOcrPages: settings.maxOcrPages,
    maxUnzippedBytes: settings.maxUnzippedBytes,
  };
  const pool = () =>
    new ReadingThreads({
      size: settings.threads,
      timeoutMs: settings.timeoutMs,
      idleMs: settings.idleMs,
      maxHeapMb: settings.maxHeapMb,
    });
  const lanes: Record<ReadingLane, ReadingThreads> = { photos: pool(), documents: pool() };
  const threadsFor = (kind: DocumentKind) => lanes[readingLaneOf(kind)];
  /** The thread's reading, or the UnreadableDocumentError that says why there is none. */
  const readingOf = (outcome: ReadingOutcome) => {
    switch (outcome.outcome) {
      case "read":
        return outcome;
      case "unreadable":
        throw new UnreadableDocumentError(outcome.reason, { cause: outcome.detail });
      case "failed":
        throw new UnreadableDocumentError(reasonFor(outcome.failure), { cause: outcome.detail });
      default: {
        const unexpected: never = outcome;
        return unexpected;
      }
    }
  };
  return {
    async extract(bytes, kind) {
      return readingOf(await threadsFor(kind).read({ bytes, kind, limits, proposing: null })).text;
    },
    async read(bytes, kind, proposing) {
      const { text, proposal } = readingOf(
        await threadsFor(kind).read({ bytes, kind, limits, proposing }),
      );
      if (proposal === null) throw new Error("the reading thread made no proposal");
      return { text, proposal };
    },
    close: async () => {
      await Promise.all(Object.values(lanes).map((threads) => threads.close()));
    },
  };
}
