import { describe, expect, it } from "vitest";
import {
  type GreyImage,
  grain,
  halved,
  looksBlank,
  portableGraymap,
  smoothed,
  turnedClockwise,
} from "./grey-image.js";

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

describe("looksBlank", () => {
  /** 800 x 600 of light falling off from 200 to 150 grey, under grain of up to 20 levels. */
  function wall(): GreyImage {
    const [width, height] = [800, 600];
    const pixels = new Uint8Array(width * height);
    let state = 7;
    for (let at = 0; at < pixels.length; at++) {
      state = (state * 16807) % 2147483647;
      const light = 200 - (50 * (at % width)) / width;
      pixels[at] = light + (state / 2147483647 - 0.5) * 40;
    }
    return { width, height, pixels };
  }

  it("takes grain on a smooth fall of light for blank", () => {
    expect(looksBlank(wall())).toBe(true);
  });

  it("takes the same wall with a short word's strokes on it for something to read", () => {
    const image = wall();
    // Eight strokes 4 pixels wide and 24 high, 60 levels darker: "Paid" in faint 24-pixel print.
    for (let stroke = 0; stroke < 8; stroke++) {
      for (let y = 300; y < 324; y++) {
        for (let x = 0; x < 4; x++) {
          const at = y * image.width + 380 + stroke * 8 + x;
          image.pixels[at] = (image.pixels[at] ?? 0) - 60;
        }
      }
    }
    expect(looksBlank(image)).toBe(false);
  });

  it("takes faint print on a clean white screenshot for something to read, thin as it is", () => {
    const [width, height] = [800, 600];
    const image = { width, height, pixels: new Uint8Array(width * height).fill(255) };
    // Twenty strokes 1 pixel wide and 12 high, 35 levels under the white: gone at a quarter size.
    for (let stroke = 0; stroke < 20; stroke++) {
      for (let y = 300; y < 312; y++) image.pixels[y * width + 380 + stroke * 3] = 220;
    }
    expect(looksBlank(image)).toBe(false);
  });
});

describe("smoothed", () => {
  it("makes each pixel the mean of the 3 x 3 around it, the edge's pixels standing in past it", () => {
    const dot = { width: 3, height: 3, pixels: new Uint8Array([0, 0, 0, 0, 90, 0, 0, 0, 0]) };

    expect(smoothed(dot).pixels).toEqual(new Uint8Array(9).fill(10));
    expect(smoothed(IMAGE).pixels).toEqual(new Uint8Array([2, 3, 4, 3, 4, 5]));
  });
});

describe("grain", () => {
  it("is the median step between neighbours: none on a flat image, all of a checkerboard's", () => {
    const flat = { width: 4, height: 4, pixels: new Uint8Array(16).fill(200) };
    const checkerboard = {
      width: 4,
      height: 4,
      pixels: Uint8Array.from({ length: 16 }, (_, at) => ((at + (at >> 2)) % 2 ? 190 : 210)),
    };

    expect(grain(flat)).toBe(0);
    expect(grain(checkerboard)).toBe(20);
  });
});
