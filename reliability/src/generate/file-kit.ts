// Suite 15: what its files are made from (real documents from the API's own test generators,
// and a few that are slow to make, made once a run) and what the suite knows of a file's answer
// before sending it.
import {
  NORTHWIND_BILL,
  deflatedZip,
  docxBill,
  docxParts,
  jpegBill,
  northwindBillDoc,
  pdfBill,
  pdfCallingHome,
  pdfFormBomb,
  pngBill,
  textPdf,
  type ZipEntrySpec,
} from "@life-admin/api/test-documents";

export type DocumentKind = "pdf" | "docx" | "doc" | "png" | "jpeg";

/** The type the API stores a file of each kind as (the domain's ACCEPTED_UPLOAD_TYPES). */
export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  png: "image/png",
  jpeg: "image/jpeg",
};

export const TOO_LONG = "Reading this file took too long.";
export const TOO_COMPLEX = "This file is too large or complex to read.";
export const PDF_TOO_COMPLEX = "This PDF is too complex to read.";
export const UNPACKS_TOO_MUCH = "This Word document unpacks to more than can be read.";
export const IMAGE_TOO_LARGE = "This image is too large to read";

/** What the suite knows of a file's answer before sending it. */
export interface Expected {
  /** The statuses its upload may be answered with. */
  statuses: readonly number[];
  /** An accepted file's type, when its bytes say it for certain (whatever its name and claim). */
  kind?: DocumentKind;
  /** How an accepted file's reading ends, when that is certain. */
  reading?: "read" | "unreadable";
  /** The start of an unreadable file's reason, one of these, when certain. */
  reasons?: readonly string[];
  /** A read file's proposal's amount, when its text says it for certain. */
  amount?: number;
}

/** A file's bytes and what the suite knows of its answer, before it is given a name. */
export interface Made {
  /** What it is, for failure messages: "docx cut at 1234 of 9509". */
  label: string;
  bytes: Buffer;
  expected: Expected;
  /** Sent chunked, without a Content-Length. */
  chunked?: boolean;
  /** The type it was made from, for its name, when its bytes may no longer say it. */
  looksLike?: DocumentKind;
}

/** Accepted when its bytes still are a document, refused when they no longer are. */
export const ACCEPTED_OR_NOT = [201, 415] as const;

export const SEED_NAMES = ["pdf", "pdf-pages", "docx", "doc", "png", "jpeg"] as const;
export type SeedName = (typeof SEED_NAMES)[number];
export const KIND_OF_SEED: Record<SeedName, DocumentKind> = {
  pdf: "pdf",
  "pdf-pages": "pdf",
  docx: "docx",
  doc: "doc",
  png: "png",
  jpeg: "jpeg",
};
/** The bytes that say a seed's type (a compound file's header is a whole sector). */
export const SIGNATURE_LENGTH: Record<DocumentKind, number> = {
  pdf: 8,
  docx: 30,
  doc: 512,
  png: 33,
  jpeg: 4,
};

/** Everything the recipes are made from, built once per run. */
export interface FileKit {
  seeds: Record<SeedName, Buffer>;
  /** MAX_UPLOAD_BYTES of the API under test. */
  limit: number;
  scriptedPdf: Buffer;
  formBomb: Buffer;
  /** Lying zip bombs, by the MiB their document really inflates to. */
  lyingBombs: Map<number, Buffer>;
  /** A DOCX whose honest 60 MiB of paragraphs outgrow a reading thread's heap. */
  heapBomb: Buffer;
  /** What scripts, actions and external entities would call. */
  home: string;
  /** Files that take long to make (deflating hundreds of MiB), made once and sent as often as drawn. */
  made: Map<string, Buffer>;
}

export function madeOnce(kit: FileKit, key: string, make: () => Buffer): Buffer {
  const kept = kit.made.get(key) ?? make();
  kit.made.set(key, kept);
  return kept;
}

export const MIB = 1024 * 1024;
export const LYING_BOMB_MIB = [16, 64, 256] as const;

/** A DOCX whose document.xml really inflates to `mib` MiB but says 1 kB. */
function lyingBomb(mib: number): Buffer {
  return deflatedZip(
    docxParts("").map((part) =>
      part.name === "word/document.xml"
        ? { ...part, data: Buffer.alloc(mib * MIB, 0x20), declaredSize: 1024 }
        : part,
    ),
  );
}

export const WORD_HEAD =
  '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
export const WORD_TAIL = "</w:body></w:document>";

/** The DOCX parts around a document.xml of exactly this text (not wrapped: it may be anything). */
export function docxWithDocument(xml: string | Buffer, extra: ZipEntrySpec[] = []): ZipEntrySpec[] {
  return [
    ...docxParts("").map((part) =>
      part.name === "word/document.xml" ? { ...part, data: Buffer.from(xml) } : part,
    ),
    ...extra,
  ];
}

/**
 * @param home a loopback URL of the suite's: what scripts, actions and external entities would
 *   call. Nothing may ever connect to it.
 */
export async function makeFileKit(limit: number, home: string): Promise<FileKit> {
  const paragraph = "<w:p><w:r><w:t>Monthly direct debit: £84.50</w:t></w:r></w:p>";
  return {
    seeds: {
      pdf: await pdfBill(),
      "pdf-pages": await textPdf([NORTHWIND_BILL.slice(0, 3), NORTHWIND_BILL.slice(3)]),
      docx: await docxBill(),
      doc: northwindBillDoc(),
      png: pngBill(),
      jpeg: jpegBill(),
    },
    limit,
    scriptedPdf: await pdfCallingHome(home),
    formBomb: await pdfFormBomb(7),
    lyingBombs: new Map(LYING_BOMB_MIB.map((mib) => [mib, lyingBomb(mib)])),
    heapBomb: deflatedZip(
      docxWithDocument(WORD_HEAD + paragraph.repeat((60 * MIB) / paragraph.length) + WORD_TAIL),
    ),
    home,
    made: new Map(),
  };
}
