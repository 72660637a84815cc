import { describe, expect, it } from "vitest";
import { type GreyImage, halved, portableGraymap, turnedClockwise } from "./grey-image.js";

/** 3 wide, 2 high: 1 2 3 over 4 5 6. */
const IMAGE: GreyImage = { width: 3, height: 2, pixels: new Uint8Array([1, 2, 3, 4, 5, 6]) };

describe("turnedClockwise", () => {
  it("turns a quarter clockwise: the left column becomes the top row", () => {
    expect(turnedClockwise(IMAGE, 1)).toEqual({
      width: 2,
      height: 3,
      pixels: new Uint8Array([4, 1, 5, 2, 6, 3]),
    });
  });

  it("turns a half and three quarters, and four quarters back to the start", () => {
    expect(turnedClockwise(IMAGE, 2).pixels).toEqual(new Uint8Array([6, 5, 4, 3, 2, 1]));
    expect(turnedClockwise(IMAGE, 3)).toEqual({
      width: 2,
      height: 3,
      pixels: new Uint8Array([3, 6, 2, 5, 1, 4]),
    });
    expect(turnedClockwise(turnedClockwise(IMAGE, 1), 3)).toEqual(IMAGE);
  });
});

describe("portableGraymap", () => {
  it("writes the P5 header, then the pixels", () => {
    const pgm = portableGraymap(IMAGE);
    const header = new TextEncoder().encode("P5 3 2 255\n");
    expect(pgm.subarray(0, header.length)).toEqual(header);
    expect(pgm.subarray(header.length)).toEqual(IMAGE.pixels);
  });
});

describe("halved", () => {
  it("averages each square of four pixels, rounding, and drops an odd last row or column", () => {
    const image = {
      width: 5,
      height: 3,
      pixels: new Uint8Array([0, 2, 10, 10, 99, 4, 5, 20, 21, 99, 99, 99, 99, 99, 99]),
    };
    expect(halved(image)).toEqual({ width: 2, height: 1, pixels: new Uint8Array([3, 15]) });
  });
});
