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

/**
 * The image with each pixel the mean of the 3 x 3 around it (past the image's edge, the edge's own
 * pixels again): a photo's grain shrinks to a third, while a letter's strokes, wider than a pixel,
 * keep most of their depth.
 */
export function smoothed({ width, height, pixels }: GreyImage): GreyImage {
  // Sums of three neighbours across, then three of those sums down.
  const across = new Uint16Array(pixels.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let left = pixels[row] ?? 0;
    let middle = left;
    for (let x = 0; x < width; x++) {
      const right = x + 1 < width ? (pixels[row + x + 1] ?? 0) : middle;
      across[row + x] = left + middle + right;
      left = middle;
      middle = right;
    }
  }
  const out = new Uint8Array(pixels.length);
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width;
    const row = y * width;
    const below = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const sum = (across[above + x] ?? 0) + (across[row + x] ?? 0) + (across[below + x] ?? 0);
      out[row + x] = (sum + 4) / 9;
    }
  }
  return { width, height, pixels: out };
}

/** Two neighbouring pixels at least this many grey levels apart may make an edge... */
const EDGE_CONTRAST = 24;
/**
 * ...and at least this many times the median step between neighbours, which in a photo is its
 * grain: a letter's edge stands out of the grain, the grain's own steps do not (on a photo of a
 * wall with grain of 8 levels, standard deviation, 3 steps in a million at full size, none at half
 * or a quarter; with 16 levels, none).
 */
const GRAIN_MEDIANS = 6;
/**
 * An image with fewer edges than this share of its pixels, at full, half and quarter size, has
 * nothing to read. Measured at a quarter: the corpus's photos and screenshots 1.4-17%; a blank
 * sheet on a desk 0.8-1.1% (its own outline), a light switch on a wall 0.16%; the single word
 * "Paid" in 40-pixel print on a grainy photo of 2400 x 1800, 0.046% in black ink, 0.023% in ink 40
 * levels under the paper; a photo of a wall, none.
 */
const FEWEST_EDGES = 1 / 10_000;

/**
 * How many pixels step this many grey levels to their right or lower neighbour, at most, in every
 * `everyRows`th row.
 */
function neighbourSteps({ width, height, pixels }: GreyImage, everyRows = 1): Uint32Array {
  const steps = new Uint32Array(256);
  for (let y = 0; y < height; y += everyRows) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const grey = pixels[row + x] ?? 0;
      const right = x + 1 < width ? (pixels[row + x + 1] ?? 0) : grey;
      const below = y + 1 < height ? (pixels[row + width + x] ?? 0) : grey;
      const step = Math.max(Math.abs(grey - right), Math.abs(grey - below));
      steps[step] = (steps[step] ?? 0) + 1;
    }
  }
  return steps;
}

/** The median of the steps counted. */
function medianStep(steps: Uint32Array): number {
  const all = steps.reduce((sum, count) => sum + count, 0);
  let median = 0;
  for (let under = steps[0] ?? 0; under < all / 2; under += steps[median] ?? 0) median++;
  return median;
}

/**
 * The image's grain: the median step between neighbouring pixels, in grey levels, measured in
 * every fourth row (a quarter of the time, the same to a level). A screenshot's is 0; the corpus's
 * photos' 2-17, a photo with grain of 10 levels (standard deviation) 16.
 */
export function grain(image: GreyImage): number {
  return medianStep(neighbourSteps(image, 4));
}

/** The share of the image's pixels on an edge, as EDGE_CONTRAST and GRAIN_MEDIANS tell one. */
function edgeShare(image: GreyImage): number {
  const steps = neighbourSteps(image);
  const all = image.width * image.height;
  const fewestLevels = Math.max(EDGE_CONTRAST, GRAIN_MEDIANS * medianStep(steps));
  let edges = 0;
  for (let step = fewestLevels; step < 256; step++) edges += steps[step] ?? 0;
  return edges / all;
}

/**
 * Whether the image is nearly uniform, as a photo of a wall or of a blank page filling the frame
 * is: no edge anywhere that a letter would make. Tesseract would not say so quickly: its threshold,
 * chosen for the whole image, splits such an image's grain into thousands of specks and reads them
 * as words (23 s for a first pass on a 2400-pixel photo of a wall, against 1 s for a page of text).
 * Looked for at three sizes: at full size for faint print in a clean screenshot (ink 35 levels
 * under white, 16 pixels high, read at 94% confidence), at a quarter (each pixel the mean of 16,
 * the grain averaged away) for faint print in a grainy photo.
 */
export function looksBlank(image: GreyImage): boolean {
  const half = halved(image);
  // The smallest first: most images with text show it there, and the full size is never looked at.
  return [halved(half), half, image].every((size) => edgeShare(size) < FEWEST_EDGES);
}

/** A binary PGM (P5), which tesseract reads with no further decoding. */
export function portableGraymap(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5 ${image.width} ${image.height} 255\n`);
  const pgm = new Uint8Array(header.length + image.pixels.length);
  pgm.set(header);
  pgm.set(image.pixels, header.length);
  return pgm;
}
