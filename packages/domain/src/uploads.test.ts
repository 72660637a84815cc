import { describe, expect, it } from "vitest";
import { UPLOAD_ACCEPT, isAcceptedUpload } from "./uploads.js";

describe("isAcceptedUpload", () => {
  it.each([
    ["scan.png", "image/png"],
    ["photo.jpg", "image/jpeg"],
    ["photo.JPEG", "image/jpeg"],
    ["bill.pdf", "application/pdf"],
    ["letter.doc", "application/msword"],
    ["letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["letter.docx", ""],
    ["archive.tar.pdf", "application/pdf"],
    // The server reads the bytes: a PDF saved with no name ending, a .jfif photo, "image/jpg".
    ["bill", ""],
    ["bill", "application/octet-stream"],
    ["no-extension", "image/png"],
    [".png", "image/png"],
    ["receipt.jfif", "image/jpeg"],
    ["photo.jpg", "image/jpg"],
    ["renamed.png", "application/pdf"],
  ])("accepts %s (%s)", (name, type) => {
    expect(isAcceptedUpload({ name, type })).toBe(true);
  });

  it.each([
    ["notes.txt", "text/plain"],
    ["anim.gif", "image/gif"],
    ["photo.webp", "image/webp"],
    ["sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["script.pdf", "text/html"],
    ["renamed.png", "application/x-msdownload"],
    ["setup.exe", ""],
    ["bills.zip", "application/zip"],
    ["bills", "application/zip"],
    // The server does not read HEIC (iPhones send a JPEG when a page asks for one).
    ["IMG_0001.HEIC", "image/heic"],
    ["image.svg", "image/svg+xml"],
  ])("refuses %s (%s)", (name, type) => {
    expect(isAcceptedUpload({ name, type })).toBe(false);
  });

  /** Whether a file picker shows a file under `accept`: by its name ending, or by its type. */
  function pickerOffers(file: { name: string; type: string }): boolean {
    return UPLOAD_ACCEPT.split(",").some((token) =>
      token.startsWith(".") ? file.name.toLowerCase().endsWith(token) : token === file.type,
    );
  }

  it.each([
    ["scan.png", ""],
    ["receipt.jfif", ""],
    ["letter.docx", ""],
    // A phone's picker goes by the type: photos whatever their names, and a photo or a download
    // saved with no extension, which the phone calls application/octet-stream.
    ["IMG_2041", "image/jpeg"],
    ["IMG_2041", "application/octet-stream"],
  ])("offers %s (%s) in the file picker", (name, type) => {
    expect(pickerOffers({ name, type })).toBe(true);
  });

  it("offers the file picker nothing it would refuse", () => {
    for (const token of UPLOAD_ACCEPT.split(",")) {
      const file = token.startsWith(".")
        ? { name: `file${token}`, type: "" }
        : { name: "file", type: token };
      expect(isAcceptedUpload(file), token).toBe(true);
    }
  });

  it("hides from the file picker what is plainly no document", () => {
    expect(pickerOffers({ name: "IMG_0001.HEIC", type: "image/heic" })).toBe(false);
    expect(pickerOffers({ name: "bills.zip", type: "application/zip" })).toBe(false);
  });
});
