// PDF: the text layer of each page, through unpdf (pdf.js's serverless build); a page without one
// (a scan) is rendered with @napi-rs/canvas and OCRed, for the first few such pages. Nothing in the
// PDF runs: this pdf.js build has no scripting and compiles nothing (no eval or Function in it,
// which is why its options no longer have isEvalSupported), and XFA forms stay off.
import { createIsomorphicCanvasFactory, getDocumentProxy, renderPageAsImage } from "unpdf";
import { type ExtractedText, UnreadableDocumentError } from "./document-text.js";
import { OCR_LONGEST_SIDE, imageForOcr, readUpright } from "./ocr.js";
import { type OcrReading, readAsNonsense } from "./ocr-reading.js";
import type { ReadingLimits } from "./reading-threads.js";
import { tidyText } from "./tidy-text.js";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;
type TextContent = Awaited<ReturnType<PdfPage["getTextContent"]>>;

/** A page with fewer letters than this in its text layer (a page number, a stamp) is a scan. */
const MIN_TEXT_LAYER_CHARACTERS = 20;

/**
 * pdf.js hands a page's text over in chunks as it draws the page: one at least for each drawing of
 * a form (a reusable drawing) that shows text, and otherwise one for ten or more pieces of text. A
 * few kB of forms nested in forms ask for millions of drawings (reliability suite 15: 10^7, a
 * second per 10^4 drawings), one chunk each, and would hold the reading thread until its timeout;
 * the densest real page we read comes in 30 chunks (339 pieces of text). So a page is refused past
 * this many: counted, not timed, so that a busy machine refuses the same pages as a quiet one (and
 * a timer in this thread would not fire: pdf.js draws on in promises, never yielding to timers).
 */
const MAX_TEXT_CHUNKS_PER_PAGE = 2_000;

const TOO_COMPLEX = "This PDF is too complex to read.";

const importCanvas = () => import("@napi-rs/canvas");

function unreadable(error: unknown): UnreadableDocumentError {
  if (error instanceof UnreadableDocumentError) return error;
  const name = error instanceof Error ? error.name : "";
  const reason =
    name === "PasswordException"
      ? "This PDF is protected by a password."
      : "This PDF is damaged and cannot be read.";
  return new UnreadableDocumentError(reason, { cause: error });
}

async function textLayer(page: PdfPage): Promise<string> {
  const reader: ReadableStreamDefaultReader<TextContent> = page.streamTextContent().getReader();
  const text: string[] = [];
  for (let chunks = 0; ; chunks++) {
    const { done, value } = await reader.read();
    if (done) return text.join("");
    if (chunks === MAX_TEXT_CHUNKS_PER_PAGE) {
      // pdf.js needs a reason to cancel; the loading task's destroy (readPdf) ends the drawing.
      const cause = new Error(`Page ${page.pageNumber}: over ${chunks} chunks of text`);
      await reader.cancel(cause);
      throw new UnreadableDocumentError(TOO_COMPLEX, { cause });
    }
    for (const item of value.items) {
      if ("str" in item) text.push(item.str + (item.hasEOL ? "\n" : ""));
    }
  }
}

function looksScanned(text: string): boolean {
  return text.replace(/\s/g, "").length < MIN_TEXT_LAYER_CHARACTERS;
}

/** A scanned page, drawn and read whichever way up it was scanned. */
async function ocrPage(pdf: PdfDocument, page: PdfPage): Promise<OcrReading> {
  const { width, height } = page.getViewport({ scale: 1 });
  const png = await renderPageAsImage(pdf, page.pageNumber, {
    canvasImport: importCanvas,
    scale: OCR_LONGEST_SIDE / Math.max(width, height),
  });
  return readUpright(await imageForOcr(new Uint8Array(png)));
}

export async function readPdf(bytes: Uint8Array, limits: ReadingLimits): Promise<ExtractedText> {
  const CanvasFactory = await createIsomorphicCanvasFactory(importCanvas);
  let pdf: PdfDocument;
  try {
    pdf = await getDocumentProxy(bytes, {
      CanvasFactory,
      enableXfa: false,
      // An image inside the PDF larger than this is not drawn (no decoding a bomb of pixels).
      maxImageSize: limits.maxPixels,
      useSystemFonts: false,
      verbosity: 0, // errors only: a damaged PDF's warnings are no news for the server's log
    });
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const pages = Math.min(pdf.numPages, limits.maxPages);
    const texts: string[] = [];
    let ocrPages = 0;
    let unsure = false;
    for (let number = 1; number <= pages; number++) {
      const page = await pdf.getPage(number);
      let text = await textLayer(page);
      if (looksScanned(text) && ocrPages < limits.maxOcrPages) {
        ocrPages++;
        const reading = await ocrPage(pdf, page);
        text = reading.text;
        // One page read as nonsense is enough to doubt what is proposed from the whole.
        unsure ||= readAsNonsense(reading);
      }
      texts.push(tidyText(text));
      page.cleanup();
    }
    const method = ocrPages > 0 ? "pdf-ocr" : "pdf-text";
    return { text: texts.filter((text) => text !== "").join("\n\n"), method, pages, unsure };
  } catch (error) {
    throw unreadable(error);
  } finally {
    await pdf.loadingTask.destroy();
  }
}
