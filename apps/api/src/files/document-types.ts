// decisions D14: what an upload is, from its bytes alone (never its name or the browser's claim):
// PNG, JPEG, PDF, a Word 97-2003 document (DOC) or a Word document (DOCX). file-type reads the
// signatures; a compound file (file-type's "cfb", which .xls and .msg are too) is a DOC only with a
// WordDocument stream, and a ZIP a DOCX only with word/document.xml.
import { ACCEPTED_UPLOAD_TYPES, type StoredFileType } from "@life-admin/domain";
import { fileTypeFromBuffer } from "file-type";
import type { DocumentKind } from "../reading/extract-text.js";
import { compoundFileStreamNames } from "./compound-file.js";
import { zipCentralDirectory } from "../reading/zip-archive.js";

export interface DocumentType {
  kind: DocumentKind;
  /** The MIME type the file is stored and served as. */
  mimeType: StoredFileType;
  /** The name endings a file of this type has ("jpg", "jpeg"). */
  extensions: readonly string[];
}

const EXTENSION_OF_KIND: Record<DocumentKind, string> = {
  png: "png",
  jpeg: "jpg",
  pdf: "pdf",
  doc: "doc",
  docx: "docx",
};

/** The domain's accepted types (what the Upload dialog offers), by what the bytes are. */
export const DOCUMENT_TYPES = Object.fromEntries(
  Object.entries(EXTENSION_OF_KIND).map(([kind, extension]) => {
    const type = ACCEPTED_UPLOAD_TYPES.find((t) =>
      (t.extensions as readonly string[]).includes(extension),
    );
    if (type === undefined) throw new Error(`no accepted upload type for .${extension}`);
    const documentType: DocumentType = {
      kind: kind as DocumentKind,
      mimeType: type.mimeType,
      extensions: type.extensions,
    };
    return [kind, documentType];
  }),
) as unknown as Record<DocumentKind, DocumentType>;

/** The stored file's type, by the MIME type it was stored as. */
export function documentTypeOf(mimeType: string): DocumentType | null {
  return Object.values(DOCUMENT_TYPES).find((type) => type.mimeType === mimeType) ?? null;
}

// The first bytes of each accepted type (of a compound file and a ZIP, for DOC and DOCX).
const SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  [0x50, 0x4b, 0x03, 0x04],
];
/** How many first bytes `couldBeDocument` needs to say no. */
export const SIGNATURE_BYTES = 8;

/**
 * False when the first bytes already rule out every accepted type, so that an upload of anything
 * else is refused before the rest of it is read. True may still end in a refusal.
 */
export function couldBeDocument(head: Uint8Array): boolean {
  return SIGNATURES.some((signature) =>
    signature.every((byte, i) => i >= head.length || head[i] === byte),
  );
}

/** The document type of `bytes`, or null for anything else. */
export async function documentTypeOfBytes(bytes: Uint8Array): Promise<DocumentType | null> {
  if (!couldBeDocument(bytes.subarray(0, SIGNATURE_BYTES))) return null;
  let detected: string | undefined;
  try {
    detected = (await fileTypeFromBuffer(bytes))?.ext;
  } catch {
    // file-type refuses what it cannot parse safely (a header claiming more than the file holds).
    return null;
  }
  switch (detected) {
    case "png":
    case "apng":
      return DOCUMENT_TYPES.png;
    case "jpg":
      return DOCUMENT_TYPES.jpeg;
    case "pdf":
      return DOCUMENT_TYPES.pdf;
    case "cfb":
      return compoundFileStreamNames(bytes)?.includes("WordDocument") ? DOCUMENT_TYPES.doc : null;
    case "docx":
    case "zip":
      return zipCentralDirectory(bytes)?.some((entry) => entry.name === "word/document.xml")
        ? DOCUMENT_TYPES.docx
        : null;
    case undefined:
    default:
      return null;
  }
}
