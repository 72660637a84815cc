// Issue 21 (decisions D14): documents of every kind an upload takes, made here with known text,
// read back through the extractor's worker threads; and broken or hostile ones, which end
// unreadable with a reason a person can read, while the extractor (and this process) reads on.
import { readdirSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { Document, Header, Packer, Paragraph } from "docx";
import { UNSURE_TEXT_CONFIDENCE, proposeFromText } from "@life-admin/domain/reading";
import { afterAll, describe, expect, it, vi } from "vitest";
import { UnreadableDocumentError, createTextExtractor } from "../../src/reading/extract-text.js";
import {
  NORTHWIND_BILL,
  billPhoto,
  deflatedZip,
  docxParts,
  jpegClaiming,
  letterheadPdf,
  northwindBillDoc,
  passwordProtectedPdf,
  pdfCallingHome,
  pdfFormBomb,
  pngClaiming,
  pngPixelBomb,
  quarterTurned,
  scannedPdf,
  textPdf,
  turnedWithoutExif,
  withExifOrientation,
  withScriptOnOpening,
} from "../support/reading-documents.js";

const extractor = createTextExtractor();
afterAll(() => extractor.close());

/** The reason a person would be shown, after checking that the file was refused as unreadable. */
async function reasonRefused(reading: Promise<unknown>): Promise<string> {
  const error = await reading.then(
    () => new Error("the file was read"),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(UnreadableDocumentError);
  return (error as Error).message;
}

function linesOf(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}

/**
 * What OCR must read exactly: the lines a proposal is made from (sender, dates, amount,
 * frequency). The invoice number may slip a letter ("Invoice humber", seen on a scan rendered at
 * one scale and not at others), which no proposal would notice.
 */
const PROPOSAL_LINES = NORTHWIND_BILL.filter((line) => !line.startsWith("Invoice number"));

describe("reading documents", () => {
  it("proposes from the text in the reading thread, as the domain's rules do", async () => {
    const proposing = { today: "2026-11-20", fileName: "northwind.pdf" };

    const reading = await extractor.read(await textPdf([NORTHWIND_BILL]), "pdf", proposing);

    expect(linesOf(reading.text.text)).toEqual(NORTHWIND_BILL);
    expect(reading.proposal).toEqual(proposeFromText(reading.text.text, proposing));
    expect(reading.proposal).toMatchObject({ kind: "task", amount: 84.5, currency: "GBP" });
  });

  it("reads a PDF's text layer, page after page", async () => {
    const pdf = await textPdf([NORTHWIND_BILL.slice(0, 3), NORTHWIND_BILL.slice(3)]);

    const read = await extractor.extract(pdf, "pdf");

    expect(read).toMatchObject({ method: "pdf-text", pages: 2 });
    expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
  });

  it("reads a letter whose every page draws the same letterhead, forms nested three deep", async () => {
    const [sender = "", ...lines] = NORTHWIND_BILL;
    const pdf = await letterheadPdf([lines.slice(0, 3), lines.slice(3)]);

    const read = await extractor.extract(pdf, "pdf");

    expect(read).toMatchObject({ method: "pdf-text", pages: 2 });
    expect(read.text.split(sender)).toHaveLength(3); // once on each page
    for (const line of lines) expect(read.text).toContain(line);
  });

  it("never runs a PDF's script: one that would loop forever on opening changes nothing", async () => {
    const pdf = await withScriptOnOpening(await textPdf([NORTHWIND_BILL]), "while (true) {}");

    const read = await extractor.extract(pdf, "pdf");

    expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
  });

  it("follows none of a PDF's scripts, actions, links or remote data: nothing reaches the address they call", async () => {
    const calls: string[] = [];
    const home = createServer((socket) => {
      calls.push(socket.remoteAddress ?? "");
      socket.destroy();
    });
    await new Promise<void>((resolve) => home.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = home.address() as AddressInfo;
      const pdf = await pdfCallingHome(`http://127.0.0.1:${port}`);

      const read = await extractor.extract(pdf, "pdf");

      expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
      expect(calls).toEqual([]);
    } finally {
      home.close();
    }
  });

  it("reads a scanned page (a PDF of an image, with no text layer) by OCR", async () => {
    const scan = billPhoto({ width: 1240, height: 1754, fontSize: 30 });

    const read = await extractor.extract(await scannedPdf(scan), "pdf");

    expect(read).toMatchObject({ method: "pdf-ocr", pages: 1 });
    expect(linesOf(read.text)).toEqual(expect.arrayContaining(PROPOSAL_LINES));
  });

  it("reads a DOCX: the letterhead in its header first, then its paragraphs", async () => {
    const [sender, ...body] = NORTHWIND_BILL;
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            headers: { default: new Header({ children: [new Paragraph(sender ?? "")] }) },
            children: body.map((line) => new Paragraph(line)),
          },
        ],
      }),
    );

    const read = await extractor.extract(docx, "docx");

    expect(read).toMatchObject({ method: "docx", pages: 1 });
    expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
  });

  it("reads a Word 97-2003 DOC, its header first", async () => {
    const doc = northwindBillDoc();

    const read = await extractor.extract(doc, "doc");

    expect(read).toMatchObject({ method: "doc", pages: 1 });
    expect(linesOf(read.text)).toEqual([
      "Northwind Energy Ltd",
      "Invoice date: 14/11/2026",
      "Monthly direct debit: £84.50",
      "Payment due by 28/11/2026",
      "Billed monthly.",
    ]);
  });

  it("reads a photo of a bill: a JPEG of paper turned on a table, blurred and noisy", async () => {
    const photo = billPhoto({
      width: 2000,
      height: 1500,
      angle: 5,
      blur: 1.2,
      noise: 60,
      fontSize: 44,
      format: "jpeg",
    });

    const read = await extractor.extract(photo, "jpeg");

    expect(read).toMatchObject({ method: "ocr", pages: 1 });
    expect(linesOf(read.text)).toEqual(expect.arrayContaining(PROPOSAL_LINES));
  });

  it("turns a sideways JPEG upright by its EXIF orientation, in either byte order", async () => {
    const upright = billPhoto({ width: 1000, height: 600, fontSize: 30, format: "jpeg" });
    const sideways = await quarterTurned(upright);

    for (const littleEndian of [true, false]) {
      const read = await extractor.extract(withExifOrientation(sideways, 6, littleEndian), "jpeg");
      expect(linesOf(read.text)).toEqual(expect.arrayContaining(PROPOSAL_LINES));
    }
  });

  // One case each: every way up is a different number of tries (ocr.ts, readUpright).
  it.each([90, 180, 270] as const)(
    "reads a photo turned %i degrees with no EXIF orientation, and is sure of it",
    async (degrees) => {
      const upright = billPhoto({ width: 1000, height: 600, fontSize: 30, format: "jpeg" });
      const photo = await turnedWithoutExif(upright, degrees);

      const read = await extractor.read(photo, "jpeg", { today: "2026-11-20" });

      expect(linesOf(read.text.text)).toEqual(expect.arrayContaining(PROPOSAL_LINES));
      expect(read.text.unsure).toBe(false);
      expect(read.proposal).toMatchObject({ kind: "task", amount: 84.5, currency: "GBP" });
    },
  );

  it("marks nothing it proposes sure when OCR read little real text, whichever way up", async () => {
    // Read clearly, but few of its words are words: as OCR reads a page it cannot make out.
    const scrawl = {
      width: 1000,
      height: 600,
      fontSize: 30,
      lines: ["Vxrtq Blmkz Trwdn", "Amount due: £84.50", "Qrst Wxyz Kjhg Pzzt Mnbv", "Grrk Zdnb"],
    };
    const photo = billPhoto({ ...scrawl, format: "jpeg" });
    const scan = await scannedPdf(billPhoto({ ...scrawl, format: "png" }));

    for (const [bytes, kind] of [
      [photo, "jpeg"],
      [scan, "pdf"],
    ] as const) {
      const read = await extractor.read(bytes, kind, { today: "2026-11-20" });

      expect(read.text.unsure, kind).toBe(true);
      expect(read.proposal).toMatchObject({ amount: 84.5 });
      expect(Math.max(...Object.values(read.proposal.confidence))).toBeLessThanOrEqual(
        UNSURE_TEXT_CONFIDENCE,
      );
    }
  });

  it("reads dark text on a transparent PNG (read on white, not on black)", async () => {
    const png = billPhoto({ width: 1000, height: 600, fontSize: 30, transparent: true });

    const read = await extractor.extract(png, "png");

    expect(linesOf(read.text)).toEqual(expect.arrayContaining(PROPOSAL_LINES));
  });

  it("reads files sent at once one after another, each its own text", async () => {
    const pdfs = await Promise.all(NORTHWIND_BILL.map((line) => textPdf([[line]])));

    const reads = await Promise.all(pdfs.map((pdf) => extractor.extract(pdf, "pdf")));

    expect(reads.map((read) => read.text)).toEqual(NORTHWIND_BILL);
  });

  it("reads a long PDF's first pages only (maxPages)", async () => {
    const short = createTextExtractor({ maxPages: 2 });
    try {
      const pdf = await textPdf(NORTHWIND_BILL.map((line) => [line]));

      const read = await short.extract(pdf, "pdf");

      expect(read.pages).toBe(2);
      expect(linesOf(read.text)).toEqual(NORTHWIND_BILL.slice(0, 2));
    } finally {
      await short.close();
    }
  });
});

describe("files that cannot be read", () => {
  it("says a PDF cut in half is damaged", async () => {
    const pdf = await textPdf([NORTHWIND_BILL]);

    const reason = await reasonRefused(extractor.extract(pdf.subarray(0, pdf.length / 2), "pdf"));

    expect(reason).toBe("This PDF is damaged and cannot be read.");
  });

  it("says a PDF needs its password", async () => {
    const reason = await reasonRefused(extractor.extract(await passwordProtectedPdf(), "pdf"));

    expect(reason).toBe("This PDF is protected by a password.");
  });

  it("refuses a DOCX zip bomb whose document inflates far past the size it declares", async () => {
    const bomb = deflatedZip(
      docxParts("").map((part) =>
        part.name === "word/document.xml"
          ? { ...part, data: Buffer.alloc(64 * 1024 * 1024, 0x20), declaredSize: 1024 }
          : part,
      ),
    );
    expect(bomb.length).toBeLessThan(100 * 1024); // 64 MiB of spaces deflate to about 64 kB

    const reason = await reasonRefused(extractor.extract(bomb, "docx"));

    expect(reason).toBe("This Word document unpacks to more than can be read.");
  });

  it("refuses a DOCX that declares more than it may unpack to, before inflating a byte", async () => {
    const huge = deflatedZip(
      docxParts("").map((part) =>
        part.name === "word/document.xml" ? { ...part, declaredSize: 4_000_000_000 } : part,
      ),
    );

    const reason = await reasonRefused(extractor.extract(huge, "docx"));

    expect(reason).toBe("This Word document unpacks to more than can be read.");
  });

  it("says a DOCX cut short is damaged", async () => {
    const docx = deflatedZip(docxParts("<w:p><w:r><w:t>Hello</w:t></w:r></w:p>"));

    const reason = await reasonRefused(extractor.extract(docx.subarray(0, 200), "docx"));

    expect(reason).toBe("This Word document is damaged and cannot be read.");
  });

  it("says a DOC that is not a Word file inside is damaged", async () => {
    const reason = await reasonRefused(extractor.extract(Buffer.alloc(4096, 0xd0), "doc"));

    expect(reason).toBe("This Word document is damaged and cannot be read.");
  });

  it("refuses a PNG whose header claims 100000 x 100000 pixels, without decoding it", async () => {
    const reason = await reasonRefused(extractor.extract(pngClaiming(100_000, 100_000), "png"));

    expect(reason).toBe(
      "This image is too large to read (100000 x 100000 pixels; at most 40 megapixels).",
    );
  });

  it("refuses a JPEG whose frame claims 65535 x 65535 pixels", async () => {
    const reason = await reasonRefused(extractor.extract(jpegClaiming(65_535, 65_535), "jpeg"));

    expect(reason).toContain("This image is too large to read");
  });

  it("decodes a PNG of exactly 40 megapixels, and refuses one of a row more without decoding it", async () => {
    const read = await extractor.extract(pngPixelBomb(8_000, 5_000), "png");
    expect(read.method).toBe("ocr");

    const reason = await reasonRefused(extractor.extract(pngPixelBomb(8_000, 5_001), "png"));
    expect(reason).toBe(
      "This image is too large to read (8000 x 5001 pixels; at most 40 megapixels).",
    );
  });

  it("says a PNG with no image data after its header is damaged", async () => {
    const png = Buffer.concat([pngClaiming(400, 300), Buffer.alloc(500, 0x5a)]);

    const reason = await reasonRefused(extractor.extract(png, "png"));

    expect(reason).toBe("This image is damaged.");
  });

  it("refuses a PDF whose forms would be drawn ten million times (a few kB), and reads them drawn a thousand times", async () => {
    const reason = await reasonRefused(extractor.extract(await pdfFormBomb(7), "pdf"));
    // Before its timeout (60 s here), which would say "Reading this file took too long."
    expect(reason).toBe("This PDF is too complex to read.");

    const read = await extractor.extract(await pdfFormBomb(3), "pdf");
    expect(read.text).toBe(`${NORTHWIND_BILL[0]}${"laugh".repeat(1_000)}`);
  });

  it("reads the next file as before, after all of those", async () => {
    const read = await extractor.extract(await textPdf([NORTHWIND_BILL]), "pdf");

    expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
  });
});

describe("the reading threads", () => {
  it("gives up on a file that takes longer than the timeout, and reads on in a fresh thread", async () => {
    const impatient = createTextExtractor({ timeoutMs: 200 });
    try {
      const photo = billPhoto({ width: 2400, height: 1800, noise: 40, format: "jpeg" });

      const reason = await reasonRefused(impatient.extract(photo, "jpeg"));

      expect(reason).toBe("Reading this file took too long.");
      // Refused by the image's header: a thread answered, so the stopped one was replaced.
      const next = await reasonRefused(impatient.extract(pngClaiming(100_000, 100_000), "png"));
      expect(next).toContain("This image is too large to read");
    } finally {
      await impatient.close();
    }
  });

  it("says a file is too complex when its thread runs out of memory, and reads on", async () => {
    const frugal = createTextExtractor({ maxHeapMb: 32 });
    try {
      const paragraph = "<w:p><w:r><w:t>Monthly direct debit: £84.50</w:t></w:r></w:p>";
      const docx = deflatedZip(docxParts(paragraph.repeat(300_000)));

      const reason = await reasonRefused(frugal.extract(docx, "docx"));

      expect(reason).toBe("This file is too large or complex to read.");
      const read = await frugal.extract(await textPdf([NORTHWIND_BILL]), "pdf");
      expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
    } finally {
      await frugal.close();
    }
  });

  it("ends a thread left idle (its memory given back), and starts one for the next file", async () => {
    const threadsOfThisProcess = () => readdirSync("/proc/self/task").length;
    const brief = createTextExtractor({ idleMs: 300 });
    try {
      const pdf = await textPdf([NORTHWIND_BILL]);
      await brief.extract(pdf, "pdf");
      const whileReading = threadsOfThisProcess();

      await vi.waitFor(
        () => {
          expect(threadsOfThisProcess()).toBeLessThan(whileReading);
        },
        { timeout: 10_000 },
      );

      const read = await brief.extract(pdf, "pdf");
      expect(linesOf(read.text)).toEqual(NORTHWIND_BILL);
    } finally {
      await brief.close();
    }
  });

  it("reads a PDF sent while a photo's OCR runs beside the photo, not after it", async () => {
    const lanes = createTextExtractor();
    try {
      const photo = billPhoto({ width: 2000, height: 1500, noise: 60, format: "jpeg" });
      const pdf = await textPdf([NORTHWIND_BILL]);
      const answered: string[] = [];

      await Promise.all([
        lanes.extract(photo, "jpeg").then(() => answered.push("photo")),
        lanes.extract(pdf, "pdf").then(() => answered.push("PDF")),
      ]);

      expect(answered).toEqual(["PDF", "photo"]);
    } finally {
      await lanes.close();
    }
  });

  it("refuses files once closed, as an error of the server rather than of the file", async () => {
    const closed = createTextExtractor();
    await closed.close();

    const error = await closed.extract(await textPdf([["Hello"]]), "pdf").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UnreadableDocumentError);
  });
});
