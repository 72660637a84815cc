// A corpus document as an image: a clean screenshot, or a photo of the printed page (tilted on a
// desk, blurred, grainy, unevenly lit), drawn with @napi-rs/canvas. A multi-page document would
// be one image per page; the corpus's images are all one page.
import { type Canvas, type Image, createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { CorpusDocument, PhotoEffects } from "./document-model.js";
import { layOut, type TextStyle } from "./layout.js";

/** Pixels per point: an A4 page 1,070 pixels wide (about 130 dpi), a receipt 550. */
const SCALE = { a4: 1.8, receipt: 2.2, card: 2 } as const;
const FONT: Record<TextStyle, string> = { regular: "", bold: "bold " };

export async function renderImage(
  document: CorpusDocument,
  format: "png" | "jpeg",
): Promise<Uint8Array> {
  const page = drawPage(document);
  const photo =
    document.photo === undefined
      ? page
      : photograph(page, document.photo, seedOf(document.id), format === "png" ? 12 : 1);
  const image = document.photo?.turned === undefined ? photo : turned(photo, document.photo.turned);
  const bytes = format === "png" ? await image.encode("png") : await image.encode("jpeg", 62);
  return new Uint8Array(bytes);
}

function drawPage(document: CorpusDocument): Canvas {
  const receipt = document.page === "receipt";
  const scale = SCALE[document.page ?? "a4"];
  // Till receipts are printed in a monospaced face; letters and screens in a sans-serif one.
  const family = receipt ? "'Liberation Mono'" : "'Liberation Sans'";
  const measuring = createCanvas(10, 10).getContext("2d");
  const pages = layOut(document, (text, size, style) => {
    measuring.font = `${FONT[style]}${size}px ${family}`;
    return measuring.measureText(text).width;
  });
  const [first] = pages;
  if (first === undefined || pages.length > 1) {
    throw new Error(`${document.id}: an image holds exactly one page`);
  }
  const canvas = createCanvas(Math.round(first.width * scale), Math.round(first.height * scale));
  const context = canvas.getContext("2d");
  context.fillStyle = receipt ? "#fbfaf6" : "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#1c1c22";
  for (const run of first.runs) {
    context.font = `${FONT[run.style]}${run.size * scale}px ${family}`;
    context.fillText(run.text, run.x * scale, run.y * scale);
  }
  return canvas;
}

/** The page photographed: on a desk, turned by `angle`, then blurred, shaded and grainy. */
function photograph(page: Canvas, effects: PhotoEffects, seed: number, levelStep: number): Canvas {
  const border = Math.round(page.width * 0.06);
  const canvas = createCanvas(page.width + 2 * border, page.height + 2 * border);
  const context = canvas.getContext("2d");
  context.fillStyle = "#6f6558";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.save();
  context.filter = `blur(${effects.blur}px)`;
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((effects.angle * Math.PI) / 180);
  context.shadowColor = "rgba(0, 0, 0, 0.45)";
  context.shadowBlur = 18;
  context.drawImage(page, -page.width / 2, -page.height / 2);
  context.restore();
  if (effects.shade === true) shade(context, canvas.width, canvas.height);
  addNoise(context, canvas.width, canvas.height, effects.noise, seed, levelStep);
  return canvas;
}

/**
 * The photo turned clockwise, as a camera that did not know which way was up stored it (the
 * tests' documents turn theirs with it too).
 */
export function turned(photo: Canvas | Image, degrees: 90 | 180 | 270): Canvas {
  const sideways = degrees !== 180;
  const canvas = createCanvas(
    sideways ? photo.height : photo.width,
    sideways ? photo.width : photo.height,
  );
  const context = canvas.getContext("2d");
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.drawImage(photo, -photo.width / 2, -photo.height / 2);
  return canvas;
}

/** Darker towards one corner, as under a lamp on the other side. */
function shade(context: SKRSContext2D, width: number, height: number): void {
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, "rgba(0, 0, 0, 0)");
  gradient.addColorStop(1, "rgba(20, 10, 0, 0.28)");
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
}

/**
 * Sensor grain: Gaussian noise of standard deviation `sigma`, the same on every channel. Values are
 * rounded to multiples of `levelStep`: grain costs a lossless PNG dearly, and coarser levels keep
 * a photo saved as PNG to a few hundred KiB (the corpus is committed).
 */
function addNoise(
  context: SKRSContext2D,
  width: number,
  height: number,
  sigma: number,
  seed: number,
  levelStep: number,
) {
  const image = context.getImageData(0, 0, width, height);
  const random = mulberry32(seed);
  const data = image.data;
  for (let index = 0; index < data.length; index += 4) {
    // Box-Muller, one normal value per pixel.
    const grain =
      sigma * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    for (let channel = 0; channel < 3; channel += 1) {
      const value = (data[index + channel] ?? 0) + grain;
      data[index + channel] = Math.max(0, Math.min(255, Math.round(value / levelStep) * levelStep));
    }
  }
  context.putImageData(image, 0, 0);
}

/** A small seeded generator, so that generating twice gives the same pixels. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seedOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16_777_619);
  return hash >>> 0;
}
