// OCR in a reading thread: one tesseract.js engine per thread, started on the first image and kept
// (it runs in a worker thread of its own, nested in this one, and dies with it). The English model
// comes from npm (@tesseract.js-data/eng, the LSTM "best_int" one that tesseract.js would otherwise
// download from a CDN); nothing is fetched and no cache is ever written.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import Tesseract from "tesseract.js";

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
 * The text in an image tesseract can decode (PNG, JPEG, PGM). `rotateAuto` straightens a tilted
 * page first: on a photo turned 8 degrees, confidence went from 74 to 95 and misreadings to none.
 */
export async function recogniseText(image: Uint8Array): Promise<string> {
  engine ??= startEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  const worker = await engine;
  const buffer = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  const { data } = await worker.recognize(buffer, { rotateAuto: true });
  return data.text;
}

/**
 * An image made ready for OCR: decoded (turned upright by its EXIF orientation, which tesseract.js
 * reads only in big-endian EXIF), flattened onto white (a transparent PNG's background would read
 * as black), scaled down to OCR_LONGEST_SIDE, and grey, as a binary PGM that tesseract reads with
 * no further decoding.
 */
export async function imageForOcr(bytes: Uint8Array): Promise<Uint8Array> {
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
  return portableGraymap(context.getImageData(0, 0, width, height).data, width, height);
}

/** RGBA to a binary PGM (P5), with the Rec. 601 weights. */
function portableGraymap(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const header = new TextEncoder().encode(`P5 ${width} ${height} 255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  for (let pixel = 0, at = header.length; pixel < rgba.length; pixel += 4, at++) {
    const red = rgba[pixel] ?? 0;
    const green = rgba[pixel + 1] ?? 0;
    const blue = rgba[pixel + 2] ?? 0;
    pgm[at] = (red * 77 + green * 150 + blue * 29) >> 8;
  }
  return pgm;
}
