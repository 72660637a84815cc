// PNG and JPEG: OCR, after the header says the image is not too large to decode.
import { type ExtractedText, UnreadableDocumentError } from "./document-text.js";
import { jpegSize, pngSize } from "./image-size.js";
import type { GreyImage } from "./grey-image.js";
import { imageForOcr, readUpright } from "./ocr.js";
import { readAsNonsense } from "./ocr-reading.js";
import type { ReadingLimits } from "./reading-threads.js";
import { tidyText } from "./tidy-text.js";

export async function readImage(
  bytes: Uint8Array,
  kind: "png" | "jpeg",
  limits: ReadingLimits,
): Promise<ExtractedText> {
  const size = kind === "png" ? pngSize(bytes) : jpegSize(bytes);
  if (size === null) throw new UnreadableDocumentError("This image is damaged.");
  const megapixels = Math.round(limits.maxPixels / 1_000_000);
  if (size.width * size.height > limits.maxPixels) {
    throw new UnreadableDocumentError(
      `This image is too large to read (${size.width} x ${size.height} pixels; at most ${megapixels} megapixels).`,
    );
  }
  let prepared: GreyImage;
  try {
    prepared = await imageForOcr(bytes);
  } catch (error) {
    throw new UnreadableDocumentError("This image is damaged.", { cause: error });
  }
  const reading = await readUpright(prepared);
  return { text: tidyText(reading.text), method: "ocr", pages: 1, unsure: readAsNonsense(reading) };
}
