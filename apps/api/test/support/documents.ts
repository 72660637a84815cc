// Test support: real small documents made on the spot, of every type an upload takes (PNG and JPEG
// drawn with @napi-rs/canvas, a PDF with pdf-lib, a DOCX with docx) and of types it refuses, and
// the two containers built byte by byte: an OLE compound file with the streams asked for (a Word
// 97-2003 .doc has a WordDocument stream; an .xls has Workbook instead) and a ZIP of given entries.
import { crc32 } from "node:zlib";
import { createCanvas } from "@napi-rs/canvas";
import { Document, Packer, Paragraph } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A bill, as lines of text, that every generated document shows. */
export const BILL_LINES = [
  "Northern Water",
  "Your bill",
  "Amount due: £84.20",
  "Please pay by 12/01/2027",
];

function drawn(format: "png" | "jpeg"): Buffer {
  const canvas = createCanvas(640, 320);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 640, 320);
  context.fillStyle = "#000000";
  context.font = "28px sans-serif";
  for (const [i, line] of BILL_LINES.entries()) context.fillText(line, 30, 60 + i * 60);
  return format === "png" ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg", 90);
}

export const pngBill = () => drawn("png");
export const jpegBill = () => drawn("jpeg");

export async function pdfBill(lines: readonly string[] = BILL_LINES): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  // Helvetica's standard encoding has no £: the pound sign is spelled out for pdf-lib.
  for (const [i, line] of lines.entries()) {
    page.drawText(line.replace("£", "GBP "), { x: 50, y: 780 - i * 30, size: 16, font });
  }
  return Buffer.from(await pdf.save());
}

export async function docxBill(lines: readonly string[] = BILL_LINES): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: lines.map((line) => new Paragraph(line)) }],
  });
  return Packer.toBuffer(document);
}

const SECTOR = 512;
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;

/**
 * An OLE compound file (MS-CFB version 3) with these streams, each at least 4,096 bytes (so in
 * regular sectors, not the mini stream), in a one-sector FAT and a one-sector directory.
 */
export function compoundFile(streams: Record<string, Uint8Array>): Buffer {
  const entries = Object.entries(streams).map(([name, data]) => {
    const padded = Buffer.alloc(Math.max(4096, Math.ceil(data.length / SECTOR) * SECTOR));
    padded.set(data);
    return { name, data: padded, size: Math.max(4096, data.length) };
  });
  if (entries.length > 3) throw new Error("one directory sector holds the root and 3 streams");
  const streamSectors = entries.reduce((sum, entry) => sum + entry.data.length / SECTOR, 0);
  if (2 + streamSectors > SECTOR / 4) throw new Error("streams too large for one FAT sector");

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // the directory's first sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  for (let i = 0; i < 109; i += 1) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);

  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  const directory = Buffer.alloc(SECTOR);
  const entry = (index: number, name: string, type: number, start: number, size: number) => {
    const at = index * 128;
    directory.write(name, at, "utf16le");
    directory.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    directory[at + 0x42] = type;
    directory[at + 0x43] = 1; // black
    directory.writeUInt32LE(NO_STREAM, at + 0x44);
    directory.writeUInt32LE(index < entries.length && index > 0 ? index + 1 : NO_STREAM, at + 0x48);
    directory.writeUInt32LE(index === 0 && entries.length > 0 ? 1 : NO_STREAM, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, "Root Entry", 5, END_OF_CHAIN, 0);
  for (let i = 1; i < 4; i += 1) {
    directory.writeUInt32LE(NO_STREAM, i * 128 + 0x44);
    directory.writeUInt32LE(NO_STREAM, i * 128 + 0x48);
    directory.writeUInt32LE(NO_STREAM, i * 128 + 0x4c);
  }
  let sector = 2;
  entries.forEach(({ name, data, size }, i) => {
    entry(i + 1, name, 2, sector, size);
    const count = data.length / SECTOR;
    for (let s = 0; s < count; s += 1) {
      fat.writeUInt32LE(s === count - 1 ? END_OF_CHAIN : sector + s + 1, (sector + s) * 4);
    }
    sector += count;
  });
  return Buffer.concat([header, fat, directory, ...entries.map(({ data }) => data)]);
}

/** A Word 97-2003 document's container: a WordDocument stream (its FIB's magic first) and 1Table. */
export function wordDocument(): Buffer {
  const fib = Buffer.alloc(4096);
  fib.writeUInt16LE(0xa5ec, 0); // wIdent
  return compoundFile({ WordDocument: fib, "1Table": Buffer.alloc(4096) });
}

/** An Excel 97-2003 workbook's container: an OLE file, but no WordDocument in it. */
export function excelWorkbook(): Buffer {
  return compoundFile({ Workbook: Buffer.alloc(4096, 1) });
}

/** A ZIP of these entries, stored (not compressed). */
export function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
