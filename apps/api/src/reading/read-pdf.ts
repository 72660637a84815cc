// PDF: the text layer of each page, through unpdf (pdf.js's serverless build); a page without one
// (a scan) is rendered with @napi-rs/canvas and OCRed, for the first few such pages. Nothing in the
// PDF runs: this pdf.js build has no scripting and compiles nothing (no eval or Function in it,
// which is why its options no longer have isEvalSupported), and XFA forms stay off.
import { createIsomorphicCanvasFactory, getDocumentProxy, renderPageAsImage } from "unpdf";
import { type ExtractedText, UnreadableDocumentError } from "./document-text.js";
import { OCR_LONGEST_SIDE, recogniseText } from "./ocr.js";
import type { ReadingLimits } from "./reading-threads.js";
import { tidyText } from "./tidy-text.js";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

/** A page with fewer letters than this in its text layer (a page number, a stamp) is a scan. */
const MIN_TEXT_LAYER_CHARACTERS = 20;

const importCanvas = () => import("@napi-rs/canvas");

function unreadable(error: unknown): UnreadableDocumentError {
  const name = error instanceof Error ? error.name : "";
  const reason =
    name === "PasswordException"
      ? "This PDF is protected by a password."
      : "This PDF is damaged and cannot be read.";
  return new UnreadableDocumentError(reason, { cause: error });
}

async function textLayer(page: PdfPage): Promise<string> {
  const content = await page.getTextContent();
  return content.items
    .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
    .join("");
}

function looksScanned(text: string): boolean {
  return text.replace(/\s/g, "").length < MIN_TEXT_LAYER_CHARACTERS;
}

async function ocrPage(pdf: PdfDocument, page: PdfPage): Promise<string> {
  const { width, height } = page.getViewport({ scale: 1 });
  const png = await renderPageAsImage(pdf, page.pageNumber, {
    canvasImport: importCanvas,
    scale: OCR_LONGEST_SIDE / Math.max(width, height),
  });
  return recogniseText(new Uint8Array(png));
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
    for (let number = 1; number <= pages; number++) {
      const page = await pdf.getPage(number);
      let text = await textLayer(page);
      if (looksScanned(text) && ocrPages < limits.maxOcrPages) {
        ocrPages++;
        text = await ocrPage(pdf, page);
      }
      texts.push(tidyText(text));
      page.cleanup();
    }
    const method = ocrPages > 0 ? "pdf-ocr" : "pdf-text";
    return { text: texts.filter((text) => text !== "").join("\n\n"), method, pages };
  } catch (error) {
    throw unreadable(error);
  } finally {
    await pdf.loadingTask.destroy();
  }
}
