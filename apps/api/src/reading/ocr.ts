// OCR in a reading thread: one tesseract.js engine per thread, started on the first image and kept
// (it runs in a worker thread of its own, nested in this one, and dies with it). The English model
// comes from npm (@tesseract.js-data/eng, the LSTM "best_int" one that tesseract.js would otherwise
// download from a CDN); nothing is fetched and no cache is ever written.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import Tesseract from "tesseract.js";
import {
  type GreyImage,
  type QuarterTurns,
  grain,
  halved,
  looksBlank,
  portableGraymap,
  smoothed,
  turnedClockwise,
} from "./grey-image.js";
import { type OcrReading, readsAsText, readsNothing } from "./ocr-reading.js";

const languageDirectory = dirname(
  createRequire(import.meta.url).resolve(
    "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz",
  ),
);

/**
 * Images are OCRed at most this long on their longest side. Measured on generated 12-megapixel
 * photos of a bill (tilted up to 7 degrees, noisy, blurred, shaded): with 50-110 px letters, full
 * size took 2.7-3.3 s a photo and misread lines, while 1600-2400 took 0.6-1.1 s and read 99% (the
 * scaling averages the noise away); with 36 px letters (fine print on a whole A4 page) 1600 read
 * 61%, 2000 67%, 2400 85%, 3000 88%, full size 87% (5.4 s). 2400 keeps fine print for a second.
 */
export const OCR_LONGEST_SIDE = 2400;

let engine: Promise<Tesseract.Worker> | undefined;

async function startEngine(): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker("eng", Tesseract.OEM.LSTM_ONLY, {
    langPath: languageDirectory,
    gzip: true,
    cacheMethod: "none",
  });
  // Tesseract's own notes ("Estimating resolution as 272") would go to the server's stderr.
  await worker.setParameters({ debug_file: "/dev/null" });
  return worker;
}

/**
 * The text in a grey image. `rotateAuto` straightens a tilted page first: on a photo turned 8
 * degrees, confidence went from 74 to 95 and misreadings to none. It straightens tilts only:
 * a page turned a quarter or a half is read as nonsense (see readUpright).
 */
export async function recogniseText(image: GreyImage): Promise<OcrReading> {
  engine ??= startEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  const worker = await engine;
  const pgm = Buffer.from(portableGraymap(image));
  const { data } = await worker.recognize(pgm, { rotateAuto: true });
  return { text: data.text, confidence: data.confidence };
}

/**
 * A photo with at least this much grain (grain(): 16 for grain of 10 levels, standard deviation)
 * is smoothed before OCR. The corpus's photos have 2-17; smoothed, the one of 17 reads better (its
 * due date), while the one of 2, blurred already, loses its small print (its amount and date),
 * and the one of 7 its letterhead. So faint print in lighter grain (6 levels: grain() 7) is not
 * smoothed, and still reads as nonsense.
 */
const GRAINY = 12;

/**
 * The image as tesseract is given it: smoothed when grainy. Its threshold is one for the whole
 * image (Otsu's); between faint print and its paper (ink 45 levels under it, grain of 10 levels),
 * it splits the grain of both into specks, which read as nonsense in 7-109 s a pass; smoothed, the
 * page reads right in under a second. Print fainter still (30 levels) reads only smoothed twice,
 * which costs the corpus's grainiest photo its amount. Tesseract's own local thresholds do not
 * serve: Sauvola's (thresholding_method 2) read faint print as nothing at its default k of 0.34,
 * and the corpus's photos with stray marks at 0.2; Leptonica's tiled Otsu (1) read the corpus's
 * upright photos as nonsense.
 */
export function cleanedForOcr(image: GreyImage): GreyImage {
  return grain(image) >= GRAINY ? smoothed(image) : image;
}

/** What a page with no text reads as. */
const NOTHING_READ: OcrReading = { text: "", confidence: 0 };

/**
 * Turns, after the image as it came, in the order they are tried: a phone held sideways (either
 * way) before one held upside down, the rarer.
 */
const TURNS_TO_TRY: readonly QuarterTurns[] = [1, 3, 2];
/** An image smaller than this on its longest side is tried other ways up as it is, not halved. */
const SMALLEST_HALVED = 1200;

/**
 * The image's text, whichever way up the page is. A photo with no EXIF orientation may be turned
 * 90, 180 or 270 degrees. tesseract.js tells which (`detect`, Tesseract's OSD) only with a second
 * engine, its legacy WebAssembly build, and osd.traineddata (@tesseract.js-data/osd), which would
 * save about a second in the worst case (BENCHMARKS.md, "Reading"); so the other ways up are tried
 * instead, and only when the first reading is nonsense (ocr-reading.ts): an upright page is read
 * once, as before.
 *
 * The other ways are tried on a copy at half the size, where a page of nonsense costs a quarter
 * of the time (it costs more than text: 1-2 s a turn at full size), stopping at the first that
 * reads as text; then the page is read at full size that way up. A small image is tried as it
 * is, and its best try is then the reading itself, not read again. Which way is chosen by
 * tesseract's confidence, not by the plausible words' share: nonsense from a page on its side has
 * as many as a real text. When no turn reads better than the page as it came, that reading stays.
 *
 * An image with no text is found to have none before any turn: one that is nearly uniform
 * (looksBlank) is not read at all, and one in which the first pass reads nothing is not turned.
 * What is read, every way up, is the image cleaned for OCR (cleanedForOcr).
 */
export async function readUpright(
  image: GreyImage,
  recognise: (image: GreyImage) => Promise<OcrReading> = recogniseText,
): Promise<OcrReading> {
  if (looksBlank(image)) return NOTHING_READ;
  const page = cleanedForOcr(image);
  const asItCame = await recognise(page);
  // Tesseract finds lines of text whichever way they run: the corpus's turned photos read as 240-
  // 320 characters of nonsense, never as nothing. A page in which it finds none upright has none
  // to find turned: a blank sheet on a desk, and one of print too faint for it, read as nothing
  // upright and as nothing or a scrap ("[|", "IN") the other ways.
  if (readsAsText(asItCame) || readsNothing(asItCame)) return asItCame;
  const halving = Math.max(page.width, page.height) >= SMALLEST_HALVED;
  const probe = halving ? halved(page) : page;
  let best: { turns: QuarterTurns; reading: OcrReading } | null = null;
  for (const turns of TURNS_TO_TRY) {
    const reading = await recognise(turnedClockwise(probe, turns));
    if (reading.confidence > (best?.reading.confidence ?? asItCame.confidence)) {
      best = { turns, reading };
    }
    if (readsAsText(reading)) break;
  }
  if (best === null) return asItCame;
  if (!halving) return best.reading;
  const turned = await recognise(turnedClockwise(page, best.turns));
  return turned.confidence > asItCame.confidence ? turned : asItCame;
}

/**
 * An image made ready for OCR: decoded (turned upright by its EXIF orientation, which tesseract.js
 * reads only in big-endian EXIF), flattened onto white (a transparent PNG's background would read
 * as black), scaled down to OCR_LONGEST_SIDE, and grey (Rec. 601 weights).
 */
export async function imageForOcr(bytes: Uint8Array): Promise<GreyImage> {
  const image = await loadImage(bytes);
  const scale = Math.min(1, OCR_LONGEST_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, width, height);
  return { width, height, pixels: grey(context.getImageData(0, 0, width, height).data) };
}

function grey(rgba: Uint8ClampedArray): Uint8Array {
  const pixels = new Uint8Array(rgba.length / 4);
  for (let pixel = 0, at = 0; pixel < rgba.length; pixel += 4, at++) {
    const red = rgba[pixel] ?? 0;
    const green = rgba[pixel + 1] ?? 0;
    const blue = rgba[pixel + 2] ?? 0;
    pixels[at] = (red * 77 + green * 150 + blue * 29) >> 8;
  }
  return pixels;
}
