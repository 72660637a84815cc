// A corpus document as a PDF with a real text layer (pdf-lib, Helvetica).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { CorpusDocument } from "./document-model.js";
import { layOut } from "./layout.js";

// A fixed date, so that generating twice gives the same bytes.
const MADE_AT = new Date("2026-11-01T00:00:00Z");

export async function renderPdf(document: CorpusDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  pdf.setCreationDate(MADE_AT);
  pdf.setModificationDate(MADE_AT);
  pdf.setProducer("Life Admin corpus generator");
  pdf.setCreator("Life Admin corpus generator");
  const pages = layOut(document, (text, size, style) => fonts[style].widthOfTextAtSize(text, size));
  for (const laidOut of pages) {
    const page = pdf.addPage([laidOut.width, laidOut.height]);
    for (const run of laidOut.runs) {
      page.drawText(run.text, {
        x: run.x,
        y: laidOut.height - run.y,
        size: run.size,
        font: fonts[run.style],
        color: rgb(0.1, 0.1, 0.12),
      });
    }
  }
  return pdf.save({ useObjectStreams: true });
}
