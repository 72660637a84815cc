// An image's pixel dimensions read from its header, before anything decodes it: a 100 kB PNG may
// claim 100000 x 100000 pixels, and decoding that would ask for 40 GB.

export interface PixelSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** From the IHDR chunk, which the PNG specification puts first. Null when there is none. */
export function pngSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isIhdr = view.getUint32(12) === 0x49484452;
  if (!isIhdr) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Markers that stand alone, without a length: TEM, RST0-7, SOI. */
function hasNoLength(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
}

/** SOF0-SOF15 carry the frame's size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but don't. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * From the first start-of-frame segment, walking the segments before it by their lengths (an EXIF
 * thumbnail's own frame sits inside APP1 and is skipped whole). Null when there is none before the
 * scan starts, or when the height is left to a later DNL segment (0), which nothing we take uses.
 */
export function jpegSize(bytes: Uint8Array): PixelSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (hasNoLength(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // the scan (or the end) before any frame
    const length = view.getUint16(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      const size = { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      return size.height === 0 || size.width === 0 ? null : size;
    }
    at += 2 + length;
  }
  return null;
}
