// OCR of whole photos through the real tesseract engine, with the passes each reading costs
// counted: a photo with no text must be found to have none early, and a page turned any way up,
// a quarter and a few degrees, must still be read.
import { readFileSync } from "node:fs";
import { type Canvas, createCanvas, loadImage } from "@napi-rs/canvas";
import { type FileProposal, proposeFromText } from "@life-admin/domain/reading";
import { beforeAll, describe, expect, it } from "vitest";
import { NORTHWIND_BILL, billPhoto } from "../../test/support/reading-documents.js";
import type { GreyImage } from "./grey-image.js";
import { imageForOcr, readUpright, recogniseText } from "./ocr.js";
import { readAsNonsense } from "./ocr-reading.js";

function corpusPhoto(name: string): Buffer {
  return readFileSync(new URL(`../../corpus/files/${name}`, import.meta.url));
}

/** readUpright with the real engine, counting the OCR passes it asks for. */
async function readCountingPasses(photo: Uint8Array) {
  let passes = 0;
  const recognise = (image: GreyImage) => {
    passes++;
    return recogniseText(image);
  };
  const reading = await readUpright(await imageForOcr(photo), recognise);
  return { reading, passes };
}

/** A pseudo-random sequence from a seed, so that a photo's grain is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** Sensor grain: each pixel moved up or down, the same on every channel, by `grain()`. */
function addGrain(canvas: Canvas, grain: () => number): void {
  const context = canvas.getContext("2d");
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  for (let at = 0; at < pixels.data.length; at += 4) {
    const change = grain();
    for (let channel = 0; channel < 3; channel++) {
      pixels.data[at + channel] = (pixels.data[at + channel] ?? 0) + change;
    }
  }
  context.putImageData(pixels, 0, 0);
}

/**
 * A phone photo of a plain wall: light falling off from one corner to the other, and sensor
 * grain. Tesseract's threshold splits such grain into thousands of specks, read as nonsense.
 */
function wallPhoto(): Buffer {
  const width = 2400;
  const height = 1800;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  const light = context.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, "#d8d2c6");
  light.addColorStop(1, "#9c968a");
  context.fillStyle = light;
  context.fillRect(0, 0, width, height);
  const random = seeded(7);
  addGrain(canvas, () => (random() - 0.5) * 28);
  return canvas.toBuffer("image/jpeg", 85);
}

/**
 * A phone photo of a bill filling the frame, printed faintly (ink 45 grey levels under the paper,
 * as a worn-out printer leaves it) and grainy (standard deviation 10, Gaussian). Tesseract's one
 * threshold for the whole image, between paper and ink, splits the grain of both into specks.
 */
function faintPrintPhoto(): Buffer {
  const [width, height, fontSize] = [1200, 900, 30];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#c8c8c8";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#9b9b9b";
  context.font = `${fontSize}px sans-serif`;
  for (const [i, line] of NORTHWIND_BILL.entries()) {
    context.fillText(line, 140, 110 + fontSize * (1 + i * 1.7));
  }
  const random = seeded(7);
  // Box-Muller: a normal deviate from two uniform ones.
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  addGrain(canvas, () => 10 * gaussian());
  return canvas.toBuffer("image/jpeg", 85);
}

/** The photo turned clockwise by any angle, on a larger canvas of desk that holds all of it. */
async function turnedBy(photo: Buffer, degrees: number): Promise<Buffer> {
  const image = await loadImage(photo);
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.abs(Math.cos(radians)), Math.abs(Math.sin(radians))];
  const canvas = createCanvas(
    Math.ceil(image.width * cos + image.height * sin),
    Math.ceil(image.width * sin + image.height * cos),
  );
  const context = canvas.getContext("2d");
  context.fillStyle = "#6f6558"; // the corpus's desk (corpus/render-image.ts)
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate(radians);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas.toBuffer("image/jpeg", 90);
}

/** What a person checks in a proposal before saving it: who, how much, what kind. */
function checked(proposal: FileProposal) {
  const sender = proposal.kind === "task" ? proposal.task.title : proposal.subscription.name;
  return { kind: proposal.kind, sender, amount: proposal.amount, currency: proposal.currency };
}

describe("readUpright", () => {
  it("finds no text on a photo of a plain wall, without asking OCR to read its grain", async () => {
    const { reading, passes } = await readCountingPasses(wallPhoto());

    expect(reading.text).toBe("");
    expect(readAsNonsense(reading)).toBe(false);
    expect(passes).toBe(0);
  });

  it("reads a photo of a blank sheet on a table once, and finds no text on it", async () => {
    const sheet = billPhoto({ width: 2000, height: 1500, lines: [], noise: 24, format: "jpeg" });

    const { reading, passes } = await readCountingPasses(sheet);

    expect(reading.text.trim()).toBe("");
    expect(passes).toBe(1);
  });

  it("reads a grainy photo of a faintly printed bill, in a few seconds", async () => {
    const started = performance.now();
    const { reading, passes } = await readCountingPasses(faintPrintPhoto());
    const seconds = (performance.now() - started) / 1000;

    const proposal = checked(proposeFromText(reading.text, { today: "2026-11-20" }));
    expect(proposal.sender).toContain("Northwind Energy");
    expect(proposal.amount).toBe(84.5);
    expect(readAsNonsense(reading)).toBe(false);
    expect(passes).toBe(1);
    // A reading thread gives up after 60 s; before the image was cleaned, one pass took 7-109 s.
    expect(seconds).toBeLessThan(10);
  });

  it("still tries the other ways up for a photo stored on its side", async () => {
    const { reading, passes } = await readCountingPasses(
      corpusPhoto("uk-gym-receipt-turned-90.jpeg"),
    );

    expect(passes).toBeGreaterThan(1);
    expect(reading.text).toContain("FitLife Gym");
    expect(reading.text).toContain("29.99");
  });
});

// A quarter turn by readUpright, then the few degrees left by tesseract's own straightening.
describe("readUpright on a photo turned a few degrees past a quarter", () => {
  const upright = corpusPhoto("uk-gym-receipt.jpeg");
  const context = { today: "2026-11-02", person: "Jane Carter" };
  const proposalOf = async (photo: Buffer) =>
    proposeFromText((await readCountingPasses(photo)).reading.text, context);
  let fromUpright: ReturnType<typeof checked>;
  beforeAll(async () => {
    fromUpright = checked(await proposalOf(upright));
  });

  it.each([93, 87])("reads it turned %i degrees as it reads it upright", async (degrees) => {
    const turned = checked(await proposalOf(await turnedBy(upright, degrees)));

    expect(fromUpright.sender).toContain("FitLife");
    expect(fromUpright.amount).toBe(29.99);
    expect(turned).toEqual(fromUpright);
  });
});
