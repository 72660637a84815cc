// In a reading thread: the reader for each kind of document.
import type { DocumentKind, ExtractedText } from "./document-text.js";
import { readDoc } from "./read-doc.js";
import { readDocx } from "./read-docx.js";
import { readImage } from "./read-image.js";
import { readPdf } from "./read-pdf.js";
import type { ReadingLimits } from "./reading-threads.js";

export function readDocument(
  bytes: Uint8Array,
  kind: DocumentKind,
  limits: ReadingLimits,
): Promise<ExtractedText> {
  switch (kind) {
    case "pdf":
      return readPdf(bytes, limits);
    case "docx":
      return readDocx(bytes, limits);
    case "doc":
      return readDoc(bytes);
    case "png":
    case "jpeg":
      return readImage(bytes, kind, limits);
    default: {
      const unexpected: never = kind;
      return unexpected;
    }
  }
}
