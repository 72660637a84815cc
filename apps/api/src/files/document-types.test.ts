import { describe, expect, it } from "vitest";
import {
  compoundFile,
  docxBill,
  excelWorkbook,
  jpegBill,
  pdfBill,
  pngBill,
  wordDocument,
  zipOf,
} from "../../test/support/documents.js";
import { compoundFileStreamNames } from "./compound-file.js";
import { couldBeDocument, documentTypeOfBytes } from "./document-types.js";
import { zipCentralDirectory } from "../reading/zip-archive.js";

const kindOf = async (bytes: Uint8Array) => (await documentTypeOfBytes(bytes))?.kind ?? null;

describe("a document's type, from its bytes", () => {
  it("knows PNG, JPEG, PDF, DOCX and a Word 97-2003 DOC, with the MIME type it is served as", async () => {
    expect(await documentTypeOfBytes(pngBill())).toMatchObject({
      kind: "png",
      mimeType: "image/png",
    });
    expect(await documentTypeOfBytes(jpegBill())).toMatchObject({
      kind: "jpeg",
      mimeType: "image/jpeg",
    });
    expect(await kindOf(await pdfBill())).toBe("pdf");
    expect(await documentTypeOfBytes(await docxBill())).toMatchObject({
      kind: "docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(await documentTypeOfBytes(wordDocument())).toMatchObject({
      kind: "doc",
      mimeType: "application/msword",
    });
  });

  it("takes a ZIP as a DOCX only with word/document.xml, and an OLE file as a DOC only with a WordDocument stream", async () => {
    expect(await kindOf(zipOf({ "word/document.xml": "<w:document/>" }))).toBe("docx");
    expect(await kindOf(zipOf({ "notes.txt": "hello" }))).toBeNull();
    expect(await kindOf(zipOf({ "xl/workbook.xml": "<workbook/>" }))).toBeNull();
    expect(await kindOf(excelWorkbook())).toBeNull();
    expect(await kindOf(compoundFile({}))).toBeNull();
  });

  it("refuses everything else, whatever it claims to be, and says so from the first bytes", async () => {
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    for (const bytes of [html, gif, exe, Buffer.alloc(0), Buffer.from("%PD")]) {
      expect(await kindOf(bytes)).toBeNull();
    }
    expect(couldBeDocument(html.subarray(0, 8))).toBe(false);
    expect(couldBeDocument(Buffer.from([0x89, 0x50]))).toBe(true);
    // A PNG signature on garbage: file-type says PNG only of a real chunk structure.
    expect(couldBeDocument(pngBill().subarray(0, 8))).toBe(true);
  });
});

describe("the containers' directories", () => {
  it("lists a compound file's streams, and gives up on one whose sectors loop or point outside it", () => {
    const doc = wordDocument();
    expect(compoundFileStreamNames(doc)).toEqual(["WordDocument", "1Table"]);
    const looping = Buffer.from(doc);
    looping.writeUInt32LE(1, 512 + 4); // the directory's sector points at itself
    expect(compoundFileStreamNames(looping)).toBeNull();
    const outside = Buffer.from(doc);
    outside.writeUInt32LE(99_999, 0x30); // the directory starts past the end
    expect(compoundFileStreamNames(outside)).toBeNull();
    const manyFat = Buffer.from(doc);
    manyFat.writeUInt32LE(0xffffff, 0x2c);
    expect(compoundFileStreamNames(manyFat)).toBeNull();
    expect(compoundFileStreamNames(doc.subarray(0, 700))).toBeNull();
  });

  it("lists a ZIP's entries from its central directory, and nothing from a truncated one", async () => {
    const names = (bytes: Uint8Array) => zipCentralDirectory(bytes)?.map((entry) => entry.name);
    expect(names(zipOf({ a: "1", "word/document.xml": "2" }))).toEqual(["a", "word/document.xml"]);
    expect(names(await docxBill())).toContain("word/document.xml");
    const zip = zipOf({ "word/document.xml": "<w:document/>" });
    expect(zipCentralDirectory(zip.subarray(0, zip.length - 10))).toBeNull();
  });
});
