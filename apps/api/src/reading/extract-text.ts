// Issue 21: the bytes of an uploaded document turned into text (a PDF's text layer, DOCX, DOC, OCR of
// an image or of PDF pages without text). The work runs in worker threads, never on the API's event
// loop; this file is the interface the files API codes against.

/** What the bytes are, as file-type detected them (never the name). */
export type DocumentKind = "png" | "jpeg" | "pdf" | "doc" | "docx";

export interface ExtractedText {
  text: string;
  /** How: the PDF's text layer, DOCX or DOC text, OCR of an image, OCR of PDF pages without text. */
  method: "pdf-text" | "docx" | "doc" | "ocr" | "pdf-ocr";
  pages: number;
}

/** A file that cannot be read, with a reason a person can understand ("This PDF is damaged", ...). */
export class UnreadableDocumentError extends Error {
  override name = "UnreadableDocumentError";
}

export interface TextExtractor {
  extract(bytes: Uint8Array, kind: DocumentKind): Promise<ExtractedText>;
  close(): Promise<void>;
}

export interface TextExtractorOptions {
  threads?: number;
  timeoutMs?: number;
  maxPixels?: number;
  maxPages?: number;
}

export function createTextExtractor(_options: TextExtractorOptions = {}): TextExtractor {
  return {
    extract() {
      return Promise.reject(new Error("not yet"));
    },
    close() {
      return Promise.resolve();
    },
  };
}
