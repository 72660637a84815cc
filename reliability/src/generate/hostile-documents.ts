// Suite 15's polyglots (one type's head, another's body), images whose headers claim huge sizes
// and images a reader must decode whole, files at and past the upload limit, and other types.
import {
  docxParts,
  excelWorkbook,
  jpegClaiming,
  pngClaiming,
  pngPixelBomb,
  zipOf,
} from "@life-admin/api/test-documents";
import {
  ACCEPTED_OR_NOT,
  IMAGE_TOO_LARGE,
  LYING_BOMB_MIB,
  madeOnce,
  type DocumentKind,
  type FileKit,
  type Made,
} from "./file-kit.js";
import {
  jpegSizedAs,
  jpegWithComment,
  paddedTo,
  pngSizedAs,
  pngWithChunk,
  shiftedZip,
  zipWithComment,
} from "./file-mutations.js";

export const POLYGLOTS = [
  "pdf+zip",
  "pdf+docx",
  "pdf+lying-bomb",
  "docx+pdf",
  "docx-with-pdf-comment",
  "png+pdf",
  "png-with-pdf-chunk",
  "jpeg+zip",
  "jpeg-with-pdf-comment",
  "doc+pdf",
  "pdf-header+docx",
  "pdf-header+png",
  "png-signature+jpeg",
  "zip-signature+pdf",
  "ole-signature+pdf",
  "html+pdf",
] as const;
export type Polyglot = (typeof POLYGLOTS)[number];

export const PIXELS = [
  "png-claims",
  "jpeg-claims",
  "png-resized",
  "jpeg-resized",
  "png-zero-width",
  "pixel-bomb-at-limit",
  "pixel-bomb-under-limit",
  "pixel-bomb-over-limit",
] as const;
export type Pixels = (typeof PIXELS)[number];
export const decoded = (pixels: Pixels) =>
  pixels === "pixel-bomb-at-limit" || pixels === "pixel-bomb-under-limit";
const CLAIMED_SIZES = [
  [100_000, 100_000],
  [65_535, 65_535],
  [2 ** 31 - 1, 2 ** 31 - 1],
  [2 ** 32 - 1, 1],
  [6_400, 6_400],
  [40_000_001, 1],
] as const;

export const OTHER_TYPES = [
  "random",
  "text",
  "html",
  "svg",
  "gif",
  "bmp",
  "tiff",
  "webp",
  "elf",
  "rtf",
  "postscript",
  "gzip",
  "zip-without-document",
  "xlsx",
  "odt",
  "xls",
  "empty-zip",
] as const;
export type OtherType = (typeof OTHER_TYPES)[number];

export const SIZE_CASES = ["exact", "one-over", "far-over"] as const;

export function polyglot(kit: FileKit, kind: Polyglot): Made {
  const { pdf, docx, png, jpeg, doc } = kit.seeds;
  const label = `polyglot ${kind}`;
  const of = (bytes: Buffer, head: DocumentKind): Made => ({
    label,
    bytes,
    expected: { statuses: [201], kind: head },
  });
  const refused = (bytes: Buffer): Made => ({ label, bytes, expected: { statuses: [415] } });
  switch (kind) {
    case "pdf+zip":
      return of(Buffer.concat([pdf, shiftedZip(docx, pdf.length)]), "pdf");
    case "pdf+docx":
      return of(Buffer.concat([pdf, docx]), "pdf");
    case "pdf+lying-bomb": {
      const bomb = kit.lyingBombs.get(LYING_BOMB_MIB[1]) ?? docx;
      return of(Buffer.concat([pdf, shiftedZip(bomb, pdf.length)]), "pdf");
    }
    case "docx+pdf":
      return of(Buffer.concat([docx, pdf]), "docx");
    case "docx-with-pdf-comment":
      return of(zipWithComment(docx, pdf), "docx");
    case "png+pdf":
      return of(Buffer.concat([png, pdf]), "png");
    case "png-with-pdf-chunk":
      return of(pngWithChunk(png, "pdFx", pdf), "png");
    case "jpeg+zip":
      return of(Buffer.concat([jpeg, shiftedZip(docx, jpeg.length)]), "jpeg");
    case "jpeg-with-pdf-comment":
      return of(jpegWithComment(jpeg, pdf), "jpeg");
    case "doc+pdf":
      return of(Buffer.concat([doc, pdf]), "doc");
    case "pdf-header+docx":
      return of(Buffer.concat([Buffer.from("%PDF-1.7\n"), docx]), "pdf");
    case "pdf-header+png":
      return of(Buffer.concat([Buffer.from("%PDF-1.7\n"), png]), "pdf");
    case "png-signature+jpeg":
      return {
        label,
        bytes: Buffer.concat([png.subarray(0, 8), jpeg]),
        expected: { statuses: ACCEPTED_OR_NOT },
      };
    case "zip-signature+pdf":
      return refused(Buffer.concat([docx.subarray(0, 4), pdf]));
    case "ole-signature+pdf":
      return refused(Buffer.concat([doc.subarray(0, 8), pdf]));
    case "html+pdf":
      return refused(Buffer.concat([Buffer.from("<!DOCTYPE html><script>alert(1)</script>"), pdf]));
    default: {
      const unexpected: never = kind;
      return unexpected;
    }
  }
}

export function pixels(kit: FileKit, kind: Pixels, which: number): Made {
  const [width, height] = CLAIMED_SIZES[which % CLAIMED_SIZES.length] ?? [100_000, 100_000];
  const tooLarge = (
    bytes: Buffer,
    image: "png" | "jpeg",
    statuses: readonly number[] = [201],
  ): Made => ({
    label: `${image} claiming ${width} x ${height}`,
    bytes,
    expected: { statuses, kind: image, reading: "unreadable", reasons: [IMAGE_TOO_LARGE] },
  });
  switch (kind) {
    // Only a header: file-type may refuse to call it an image at all.
    case "png-claims":
      return tooLarge(pngClaiming(width, height), "png", ACCEPTED_OR_NOT);
    case "jpeg-claims":
      return tooLarge(
        jpegClaiming(65_535, which % 2 === 0 ? 65_535 : 700),
        "jpeg",
        ACCEPTED_OR_NOT,
      );
    case "png-resized":
      return tooLarge(pngSizedAs(kit.seeds.png, width, height), "png");
    case "jpeg-resized":
      return tooLarge(jpegSizedAs(kit.seeds.jpeg, 65_535, 65_535), "jpeg");
    case "png-zero-width":
      return {
        label: "png 0 pixels wide",
        bytes: pngSizedAs(kit.seeds.png, 0, 320),
        expected: { statuses: [201], kind: "png", reading: "unreadable" },
      };
    case "pixel-bomb-at-limit":
      return {
        label: "png of 8000 x 5000 white pixels (40 MP, the limit)",
        bytes: madeOnce(kit, "pixels 8000 x 5000", () => pngPixelBomb(8_000, 5_000)),
        expected: { statuses: [201], kind: "png" },
      };
    case "pixel-bomb-under-limit":
      return {
        label: "png of 6000 x 6000 white pixels",
        bytes: madeOnce(kit, "pixels 6000 x 6000", () => pngPixelBomb(6_000, 6_000)),
        expected: { statuses: [201], kind: "png" },
      };
    case "pixel-bomb-over-limit":
      return {
        label: "png of 8000 x 5001 white pixels (over 40 MP)",
        bytes: madeOnce(kit, "pixels 8000 x 5001", () => pngPixelBomb(8_000, 5_001)),
        expected: {
          statuses: [201],
          kind: "png",
          reading: "unreadable",
          reasons: [IMAGE_TOO_LARGE],
        },
      };
    default: {
      const unexpected: never = kind;
      return unexpected;
    }
  }
}

/** A DOCX (stored entries, so its size is exact) padded with an entry to exactly `length` bytes. */
function docxOfLength(length: number): Buffer {
  const parts = docxParts("<w:p><w:r><w:t>Monthly direct debit: £84.50</w:t></w:r></w:p>");
  const files = Object.fromEntries(parts.map((part) => [part.name, part.data]));
  const padding = "word/media/padding.bin";
  const bare = zipOf(files).length;
  // Each stored entry costs its data, its name twice and 30 + 46 bytes of headers.
  const data = length - bare - 2 * padding.length - 76;
  const padded = zipOf({ ...files, [padding]: Buffer.alloc(Math.max(0, data)) });
  if (padded.length !== length)
    throw new Error(`a DOCX of ${length} bytes came out ${padded.length}`);
  return padded;
}

export function sized(
  kit: FileKit,
  size: (typeof SIZE_CASES)[number],
  seed: "pdf" | "png" | "docx",
  over: number,
  chunked: boolean,
): Made {
  const length =
    size === "exact" ? kit.limit : size === "one-over" ? kit.limit + 1 : kit.limit + over;
  const bytes =
    seed === "docx"
      ? docxOfLength(length)
      : paddedTo(kit.seeds[seed], length, seed === "pdf" ? 0x20 : 0);
  return {
    label: `${seed} of ${length} bytes (the limit ${size === "exact" ? "exactly" : `+ ${length - kit.limit}`})${chunked ? ", chunked" : ""}`,
    bytes,
    chunked,
    expected:
      size === "exact" ? { statuses: [201], kind: seed, reading: "read" } : { statuses: [413] },
  };
}

export function otherType(kind: OtherType, noise: Buffer): Buffer {
  const text = (value: string) => Buffer.concat([Buffer.from(value), noise]);
  switch (kind) {
    case "random": {
      // Not the first byte of any accepted type's signature.
      const first = [0x89, 0xff, 0x25, 0xd0, 0x50].includes(noise[0] ?? 0) ? 0x00 : (noise[0] ?? 0);
      return Buffer.concat([Buffer.from([first]), noise.subarray(1), noise]);
    }
    case "text":
      return text("Amount due: £84.20\nPlease pay by 12/01/2027\n");
    case "html":
      return text("<!DOCTYPE html><html><body onload=\"fetch('/files/')\">Bill</body></html>");
    case "svg":
      return text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    case "gif":
      return text("GIF89a\x01\x00\x01\x00\x80\x00\x00");
    case "bmp":
      return text("BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00");
    case "tiff":
      return text("II*\x00\x08\x00\x00\x00");
    case "webp":
      return text("RIFF\x24\x00\x00\x00WEBPVP8 ");
    case "elf":
      return text("\x7fELF\x02\x01\x01\x00");
    case "rtf":
      return text("{\\rtf1\\ansi Amount due: 84.20}");
    case "postscript":
      return text("%!PS-Adobe-3.0\n");
    case "gzip":
      return Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), noise]);
    case "zip-without-document":
      return zipOf({ "readme.txt": "Amount due: £84.20", "word/document.xml.bak": noise });
    case "xlsx":
      return zipOf({
        "[Content_Types].xml": "<Types/>",
        "xl/workbook.xml": "<workbook/>",
        "xl/worksheets/sheet1.xml": noise,
      });
    case "odt":
      return zipOf({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": noise });
    case "xls":
      return excelWorkbook();
    case "empty-zip":
      return Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Buffer.alloc(18)]);
    default: {
      const unexpected: never = kind;
      return unexpected;
    }
  }
}
