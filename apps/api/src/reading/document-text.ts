// Issue 21: what reading a document works on and gives back: the kind its bytes are, the text read
// from it and the proposal made from that, or why it cannot be read. Shared by the extractor
// (extract-text.ts) and the threads that do the reading, which import this and not the extractor's
// pool.
import type { FileProposal } from "@life-admin/domain/reading";

/** What the bytes are, as file-type detected them (never the name). */
export type DocumentKind = "png" | "jpeg" | "pdf" | "doc" | "docx";

/**
 * Where a file waits to be read. A photo's OCR takes a second or more (several for one taken
 * upside down), a PDF's text layer or a Word document's text tens of milliseconds: each has its
 * own reading thread and its own job worker, so that a bill sent as a PDF is never held up by
 * photos being read (extract-text.ts, jobs/file-reading.ts).
 */
export type ReadingLane = "photos" | "documents";

export function readingLaneOf(kind: DocumentKind): ReadingLane {
  return kind === "png" || kind === "jpeg" ? "photos" : "documents";
}

export interface ExtractedText {
  text: string;
  /** How: the PDF's text layer, DOCX or DOC text, OCR of an image, OCR of PDF pages without text. */
  method: "pdf-text" | "docx" | "doc" | "ocr" | "pdf-ocr";
  /**
   * The pages the text comes from: a PDF's first `maxPages` at most; 1 for an image, and for a
   * Word document, which has no pages until something lays it out.
   */
  pages: number;
  /**
   * OCR read nonsense, or little real text (ocr-reading.ts), whichever way up it tried the page:
   * nothing proposed from it may be marked sure. False for text a file carries as text.
   */
  unsure: boolean;
}

/**
 * A document read: its text, and what the assistant proposes from it (domain's rules). The
 * proposal is made where the text was read, in a reading thread: for a photo's OCR text,
 * chrono-node's date parsing and the name's scoring took 20-40 ms at once, which on the API's
 * thread was the longest wait of a GET /tasks/ while photos were read (issue 21's bench).
 */
export interface DocumentReading {
  text: ExtractedText;
  proposal: FileProposal;
}

/**
 * A file that cannot be read, with a reason a person can understand ("This PDF is damaged", ...).
 * The library's own words, when there were any, are the `cause`: for the log, not for the person.
 */
export class UnreadableDocumentError extends Error {
  override name = "UnreadableDocumentError";
}
