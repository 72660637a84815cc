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

  it("offers the same types to the file picker", () => {
    expect(UPLOAD_ACCEPT.split(",")).toEqual([
      ".png",
      ".jpg",
      ".jpeg",
      ".pdf",
      ".doc",
      ".docx",
      ".jfif",
      ".jpe",
      ".pjpeg",
      ".pjp",
      "image/png",
      "image/jpeg",
      "application/pdf",
      "application/msword",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "image/jpg",
      "image/pjpeg",
      "image/x-png",
      "application/x-pdf",
    ]);
  });
});
