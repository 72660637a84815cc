// An image as OCR takes it: one byte of grey a pixel, row after row. Turned a quarter at a time
// here rather than by tesseract: its own rotation (rotateRadians) keeps the page's width and
// height, so a page turned 90 degrees would lose its ends.

export interface GreyImage {
  width: number;
  height: number;
  /** width x height bytes, the top row first. */
  pixels: Uint8Array;
}

/** How many quarter turns clockwise. */
export type QuarterTurns = 0 | 1 | 2 | 3;

/** The image turned `turns` quarters clockwise. */
export function turnedClockwise(image: GreyImage, turns: QuarterTurns): GreyImage {
  if (turns === 0) return image;
  const { width, height, pixels } = image;
  const sideways = turns !== 2;
  const turned = {
    width: sideways ? height : width,
    height: sideways ? width : height,
    pixels: new Uint8Array(pixels.length),
  };
  const out = turned.pixels;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const grey = pixels[row + x] ?? 255;
      // Where (x, y) lands: a clockwise quarter sends the left column to the top row.
      const at =
        turns === 1
          ? x * turned.width + (height - 1 - y)
          : turns === 2
            ? (height - 1 - y) * width + (width - 1 - x)
            : (width - 1 - x) * turned.width + y;
      out[at] = grey;
    }
  }
  return turned;
}

/** The image at half its width and height, each pixel the mean of the four it replaces. */
export function halved(image: GreyImage): GreyImage {
  const width = Math.max(1, Math.floor(image.width / 2));
  const height = Math.max(1, Math.floor(image.height / 2));
  const { pixels } = image;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const top = 2 * y * image.width;
    const below = Math.min(2 * y + 1, image.height - 1) * image.width;
    for (let x = 0; x < width; x++) {
      const left = 2 * x;
      const right = Math.min(left + 1, image.width - 1);
      const sum =
        (pixels[top + left] ?? 255) +
        (pixels[top + right] ?? 255) +
        (pixels[below + left] ?? 255) +
        (pixels[below + right] ?? 255);
      out[y * width + x] = (sum + 2) >> 2;
    }
  }
  return { width, height, pixels: out };
}

/** A binary PGM (P5), which tesseract reads with no further decoding. */
export function portableGraymap(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5 ${image.width} ${image.height} 255\n`);
  const pgm = new Uint8Array(header.length + image.pixels.length);
  pgm.set(header);
  pgm.set(image.pixels, header.length);
  return pgm;
}
