// Test support for the text extractor (src/reading): documents made on the spot whose text is
// known (a bill drawn as a photo would show it, a scanned PDF, a PDF with a text layer), and the
// hostile ones built byte by byte (an encrypted PDF, zip bombs, image headers that lie, a PDF whose
// every action calls home, a PDF of forms that asks for 10^7 drawings, a PNG that decodes whole).
import { readFileSync } from "node:fs";
import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import { GlobalFonts, createCanvas, loadImage } from "@napi-rs/canvas";
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from "pdf-lib";
import { turned } from "../../corpus/render-image.js";

/** A bill's lines, as every generated document here shows them. */
export const NORTHWIND_BILL = [
  "Northwind Energy Ltd",
  "Invoice number: INV-2026-00417",
  "Invoice date: 14/11/2026",
  "Monthly direct debit: £84.50",
  "Payment due by 28/11/2026",
  "Billed monthly. Thank you for your custom.",
];

/**
 * The bill as a Word 97-2003 .doc with the sender in its header, made once with LibreOffice 7.4
 * (soffice --headless --convert-to doc) from a DOCX: CI has no LibreOffice.
 */
export function northwindBillDoc(): Buffer {
  return readFileSync(new URL("../fixtures/northwind-bill.doc", import.meta.url));
}

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Degrees the paper is turned on the table. */
  angle?: number;
  /** Each pixel moved by up to half this, up or down: a phone's sensor noise. */
  noise?: number;
  /** Pixels of blur on the text: a hand that moved. */
  blur?: number;
  fontSize?: number;
  format?: "png" | "jpeg";
  /** A transparent background (PNG only): text on nothing. */
  transparent?: boolean;
  /** What is printed on it; NORTHWIND_BILL by default. */
  lines?: readonly string[];
}

/** Canvas draws text with the system's fonts: without one, every "photo" would be blank. */
function assertFontsInstalled(): void {
  if (GlobalFonts.families.length > 0) return;
  throw new Error("No system font for @napi-rs/canvas: install one (Debian: fonts-dejavu-core)");
}

/** A pseudo-random sequence from a seed, so that a photo's noise is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** The bill on a sheet of paper, photographed: turned, blurred, noisy as asked. */
export function billPhoto(options: PhotoOptions = {}): Buffer {
  assertFontsInstalled();
  const { width = 1600, height = 1200, angle = 0, noise = 0, blur = 0 } = options;
  const { fontSize = 40, format = "png", transparent = false, lines = NORTHWIND_BILL } = options;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!transparent) {
    context.fillStyle = "#5b5349"; // the table
    context.fillRect(0, 0, width, height);
  }
  context.translate(width / 2, height / 2);
  context.rotate((angle * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  if (!transparent) {
    context.fillStyle = "#f4f1ea"; // the paper
    context.fillRect(width * 0.05, height * 0.04, width * 0.9, height * 0.92);
  }
  if (blur > 0) context.filter = `blur(${blur}px)`;
  context.fillStyle = "#222222";
  context.font = `${fontSize}px sans-serif`;
  for (const [i, line] of lines.entries()) {
    context.fillText(line, width * 0.1, height * 0.1 + fontSize * (1 + i * 1.7));
  }
  if (noise > 0) {
    context.resetTransform();
    const random = seeded(7);
    const pixels = context.getImageData(0, 0, width, height);
    for (let at = 0; at < pixels.data.length; at += 4) {
      const change = (random() - 0.5) * noise;
      for (let channel = 0; channel < 3; channel++) {
        pixels.data[at + channel] = (pixels.data[at + channel] ?? 0) + change;
      }
    }
    context.putImageData(pixels, 0, 0);
  }
  return format === "png" ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg", 85);
}

/**
 * The JPEG with an EXIF APP1 segment saying how to turn it upright (6: 90 degrees clockwise), in
 * little-endian (as Samsung phones write it) or big-endian (as iPhones do) byte order.
 */
export function withExifOrientation(jpeg: Buffer, orientation: number, littleEndian: boolean) {
  const tiff = Buffer.alloc(26);
  tiff.write(littleEndian ? "II" : "MM", 0, "latin1");
  const u16 = (value: number, at: number) =>
    littleEndian ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    littleEndian ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at);
  u16(42, 2);
  u32(8, 4); // the first IFD
  u16(1, 8); // one entry:
  u16(0x0112, 10); // Orientation
  u16(3, 12); // SHORT
  u32(1, 14); // one of them
  u16(orientation, 18);
  u32(0, 22); // no next IFD
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

/** The image turned a quarter anticlockwise: what a camera held sideways stores. */
export async function quarterTurned(jpeg: Buffer): Promise<Buffer> {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.height, image.width);
  const context = canvas.getContext("2d");
  context.translate(0, image.width);
  context.rotate(-Math.PI / 2);
  context.drawImage(image, 0, 0);
  return canvas.toBuffer("image/jpeg", 90);
}

/** The JPEG turned clockwise, with no EXIF to say so: a phone that did not know which way was up. */
export async function turnedWithoutExif(jpeg: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return turned(await loadImage(jpeg), degrees).toBuffer("image/jpeg", 90);
}

/** A PDF whose pages carry these lines as text (a text layer), one array of lines a page. */
export async function textPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: 50, y: 780 - i * 24, size: 12, font });
    }
  }
  return Buffer.from(await pdf.save());
}

/** The PDF with a JavaScript action that runs on opening, in a reader that runs scripts. */
export async function withScriptOnOpening(pdfBytes: Buffer, script: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(pdfBytes);
  const action = pdf.context.obj({ S: "JavaScript", JS: PDFString.of(script) });
  pdf.catalog.set(PDFName.of("OpenAction"), pdf.context.register(action));
  return Buffer.from(await pdf.save());
}

/** A scanned page: a PDF whose only page is this PNG, with no text layer at all. */
export async function scannedPdf(png: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const page = pdf.addPage([595, 842]);
  const scale = Math.min(595 / image.width, 842 / image.height);
  page.drawImage(image, { x: 0, y: 842 - image.height * scale, ...image.scale(scale) });
  return Buffer.from(await pdf.save());
}

/**
 * A PDF under the standard security handler whose user password is not empty: its /U entry
 * matches no password, so a reader must ask for one (pdf.js: PasswordException).
 */
export async function passwordProtectedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText("Confidential", { x: 50, y: 700, font });
  const { context } = pdf;
  context.trailerInfo.Encrypt = context.register(
    context.obj({
      Filter: "Standard",
      V: 1,
      R: 2,
      O: PDFHexString.of("11".repeat(32)),
      U: PDFHexString.of("22".repeat(32)),
      P: -4,
    }),
  );
  const id = PDFHexString.of("00112233445566778899aabbccddeeff");
  context.trailerInfo.ID = context.obj([id, id]);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array;
  /** What the zip says the entry inflates to; by default the truth. */
  declaredSize?: number;
}

/** A zip of deflated entries, whose declared sizes may lie. */
export function deflatedZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize = data.length } of entries) {
    const compressed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts a DOCX needs around a document.xml of this body (WordprocessingML). */
export function docxParts(body: string): ZipEntrySpec[] {
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) });
  return [
    part(
      "[Content_Types].xml",
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    part(
      "_rels/.rels",
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    part(
      "word/document.xml",
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  ];
}

/** A PNG that is only its signature and an IHDR chunk claiming this size: nothing to decode. */
export function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.alloc(8 + 25);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  png.writeUInt32BE(13, 8);
  png.write("IHDR", 12, "latin1");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png[24] = 8; // bit depth
  png[25] = 6; // RGBA
  return png;
}

/** A JPEG that is only SOI and a baseline frame header (SOF0) claiming this size. */
export function jpegClaiming(width: number, height: number): Buffer {
  const jpeg = Buffer.alloc(2 + 19 + 2);
  jpeg.writeUInt16BE(0xffd8, 0);
  jpeg.writeUInt16BE(0xffc0, 2);
  jpeg.writeUInt16BE(17, 4);
  jpeg[6] = 8; // precision
  jpeg.writeUInt16BE(height, 7);
  jpeg.writeUInt16BE(width, 9);
  jpeg[11] = 3; // components
  jpeg.writeUInt16BE(0xffd9, 21);
  return jpeg;
}

/**
 * A text PDF (these lines) in which everything a PDF reader could be made to run or follow calls
 * `home` (a loopback URL of the test's): a JavaScript action on opening (app.launchURL, getURL,
 * submitForm, Net.HTTP and SOAP requests, then a loop that never ends) chained with URI,
 * SubmitForm, Launch, GoToR and ImportData actions; the same script in the document's named
 * scripts, its will-close/save/print actions and the page's open action; a link and a form field
 * whose actions call home; and an image whose data is a URL. A reader that ran or followed any of
 * it would connect to `home`, or never finish.
 */
export async function pdfCallingHome(
  home: string,
  lines: readonly string[] = NORTHWIND_BILL,
): Promise<Buffer> {
  const pdf = await PDFDocument.load(await textPdf([lines]));
  const { context, catalog } = pdf;
  const text = (value: string) => PDFString.of(value);
  const url = (path: string) => context.obj({ FS: "URL", F: text(`${home}/${path}`) });
  const calls = [
    `app.alert("a script ran")`,
    `app.launchURL("${home}/launchURL", true)`,
    `this.getURL("${home}/getURL")`,
    `this.submitForm({ cURL: "${home}/submitForm" })`,
    `Net.HTTP.request({ cVerb: "GET", cURL: "${home}/net-http" })`,
    `SOAP.request({ cURL: "${home}/soap", oRequest: {} })`,
  ];
  const script = (where: string) =>
    context.obj({
      S: "JavaScript",
      JS: text(calls.map((call) => `try { ${call}; } catch (e) {}`).join("\n") + `\n// ${where}`),
    });
  const followed = [
    context.obj({ S: "URI", URI: text(`${home}/uri`) }),
    context.obj({ S: "SubmitForm", F: url("submit-action"), Flags: 4 }),
    context.obj({ S: "Launch", F: url("launch"), Win: { F: text("cmd.exe") } }),
    context.obj({ S: "GoToR", F: url("goto-remote.pdf"), D: [0, "Fit"] }),
    context.obj({ S: "ImportData", F: url("import-data.fdf") }),
    context.obj({ S: "JavaScript", JS: text("while (true) {}") }),
  ];
  const opening = script("on opening");
  opening.set(PDFName.of("Next"), context.obj(followed.map((action) => context.register(action))));
  catalog.set(PDFName.of("OpenAction"), context.register(opening));
  catalog.set(
    PDFName.of("Names"),
    context.obj({ JavaScript: { Names: [text("home"), context.register(script("named"))] } }),
  );
  catalog.set(
    PDFName.of("AA"),
    context.obj({ WC: script("will close"), WS: script("will save"), WP: script("will print") }),
  );
  const page = pdf.getPage(0);
  page.node.set(PDFName.of("AA"), context.obj({ O: script("page open"), C: script("page close") }));
  const link = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [50, 50, 300, 80],
      A: { S: "URI", URI: text(`${home}/link`) },
    }),
  );
  const field = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Tx",
      T: text("amount"),
      Rect: [50, 100, 300, 130],
      AA: {
        K: script("keystroke"),
        F: script("format"),
        C: script("calculate"),
        Fo: script("focus"),
      },
    }),
  );
  page.node.set(PDFName.of("Annots"), context.obj([link, field]));
  catalog.set(PDFName.of("AcroForm"), context.obj({ Fields: [field], CO: [field] }));
  const remoteImage = context.register(
    context.stream(new Uint8Array(0), {
      Type: "XObject",
      Subtype: "Image",
      Width: 1,
      Height: 1,
      ColorSpace: "DeviceGray",
      BitsPerComponent: 8,
      F: { FS: "URL", F: text(`${home}/image-data`) },
    }),
  );
  const remote = page.node.newXObject("Remote", remoteImage);
  page.pushOperators(pushGraphicsState(), drawObject(remote), popGraphicsState());
  return Buffer.from(await pdf.save());
}

/** A form XObject (a drawing a page or another form can draw again and again) in the PDF. */
function formXObject(
  pdf: PDFDocument,
  content: string,
  resources: Record<string, unknown>,
  box = [0, 0, 595, 842],
) {
  const { context } = pdf;
  return context.register(
    context.stream(content, {
      Type: "XObject",
      Subtype: "Form",
      BBox: box,
      Resources: resources,
    } as Parameters<typeof context.stream>[1]),
  );
}

/**
 * A PDF whose page draws a form that draws the next `fan` times, `depth` deep (the last one shows
 * a word): a few kB that ask for fan^depth drawings, as a "billion laughs" asks for entities. A
 * reader that follows them all takes minutes at depth 6 (pdf.js: about 1 s at depth 4, 10 at 5).
 */
export async function pdfFormBomb(depth: number, fan = 10): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(NORTHWIND_BILL[0] ?? "", { x: 50, y: 780, size: 12, font });
  const box = [0, 0, 100, 100];
  const laugh = "BT /F1 12 Tf 10 10 Td (laugh) Tj ET";
  let drawn = formXObject(pdf, laugh, { Font: { F1: font.ref } }, box);
  for (let level = 0; level < depth; level++) {
    drawn = formXObject(pdf, "/X Do ".repeat(fan), { XObject: { X: drawn } }, box);
  }
  const bomb = page.node.newXObject("Bomb", drawn);
  page.pushOperators(pushGraphicsState(), drawObject(bomb), popGraphicsState());
  return Buffer.from(await pdf.save());
}

/**
 * A letter whose every page draws the same letterhead, as real letters reuse drawings: a form of
 * the sender's name (the bill's first line) and its logo, a form that draws a leaf (a form too)
 * five times in a row, three forms deep; then each page's lines, in the page itself.
 */
export async function letterheadPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const leaf = formXObject(pdf, "0 0.5 0 rg 0 0 m 8 12 l 16 0 l f", {});
  const placed = (x: number) => `q 1 0 0 1 ${x} 0 cm /Leaf Do Q`;
  const logo = formXObject(pdf, [0, 20, 40, 60, 80].map(placed).join(" "), {
    XObject: { Leaf: leaf },
  });
  const sender = NORTHWIND_BILL[0] ?? "";
  const letterhead = formXObject(
    pdf,
    `q 1 0 0 1 400 790 cm /Logo Do Q BT /F1 16 Tf 50 800 Td (${sender}) Tj ET`,
    { Font: { F1: font.ref }, XObject: { Logo: logo } },
  );
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    page.pushOperators(drawObject(page.node.newXObject("Letterhead", letterhead)));
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: 50, y: 740 - i * 24, size: 12, font });
    }
  }
  return Buffer.from(await pdf.save());
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/**
 * A real PNG of width x height white pixels (1 bit grey, every row the same): a few kB that
 * decode to width x height x 4 bytes. Under the pixel limit, a reader must decode it: the memory
 * an image may honestly take.
 */
export function pngPixelBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grey
  const rowBytes = Math.ceil(width / 8) + 1; // a filter byte, then the pixels
  const rows = Buffer.alloc(rowBytes * height, 0xff);
  for (let row = 0; row < height; row++) rows[row * rowBytes] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
