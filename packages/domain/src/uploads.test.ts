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
  ])("accepts %s (%s)", (name, type) => {
    expect(isAcceptedUpload({ name, type })).toBe(true);
  });

  it.each([
    ["notes.txt", "text/plain"],
    ["anim.gif", "image/gif"],
    ["photo.webp", "image/webp"],
    ["sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["no-extension", "image/png"],
    [".png", "image/png"],
    ["renamed.png", "application/pdf"],
    ["script.pdf", "text/html"],
    ["image.svg", "image/svg+xml"],
  ])("refuses %s (%s)", (name, type) => {
    expect(isAcceptedUpload({ name, type })).toBe(false);
  });

  it("offers the same types to the file picker", () => {
    expect(UPLOAD_ACCEPT.split(",")).toEqual([
      ".png",
      "image/png",
      ".jpg",
      ".jpeg",
      "image/jpeg",
      ".pdf",
      "application/pdf",
      ".doc",
      "application/msword",
      ".docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ]);
  });
});
