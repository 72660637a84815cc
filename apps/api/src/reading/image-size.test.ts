import { describe, expect, it } from "vitest";
import { jpegSize, pngSize } from "./image-size.js";

function segment(marker: number, body: number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

/** A start-of-frame segment (SOF0) for this size: precision, height, width, one component. */
function frame(width: number, height: number): number[] {
  return segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
}

describe("pngSize", () => {
  it("reads the width and height from the IHDR chunk", () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1,
      0x86, 0xa0, 0, 0, 0x03, 0xe8, 8, 6, 0, 0, 0,
    ]);

    expect(pngSize(png)).toEqual({ width: 100_000, height: 1000 });
  });

  it("finds no size in bytes that are not a PNG", () => {
    expect(
      pngSize(new TextEncoder().encode("%PDF-1.7 and more than twenty-four bytes")),
    ).toBeNull();
  });
});

describe("jpegSize", () => {
  it("reads the frame's size past an EXIF segment that holds a thumbnail's own frame", () => {
    const thumbnail = [0xff, 0xd8, ...frame(160, 120), 0xff, 0xd9];
    const jpeg = new Uint8Array([
      0xff,
      0xd8,
      ...segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, ...thumbnail]),
      ...segment(0xdb, new Array<number>(65).fill(1)),
      ...frame(4032, 3024),
      ...segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
    ]);

    expect(jpegSize(jpeg)).toEqual({ width: 4032, height: 3024 });
  });

  it("finds no size when the scan starts before any frame, or the height is left for later", () => {
    const scanFirst = new Uint8Array([0xff, 0xd8, ...segment(0xda, [1, 1, 0, 0, 0x3f, 0])]);
    const noHeight = new Uint8Array([0xff, 0xd8, ...frame(640, 0)]);

    expect(jpegSize(scanFirst)).toBeNull();
    expect(jpegSize(noHeight)).toBeNull();
  });
});
