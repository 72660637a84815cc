// Suite 15: what a damaged download, a fuzzer or an attacker does to a document's bytes. Pure
// functions of bytes and plain numbers (fast-check draws the numbers), so a seed replays a file.
import { crc32 } from "node:zlib";

/** The first `length` bytes. */
export function truncated(bytes: Buffer, length: number): Buffer {
  return Buffer.from(bytes.subarray(0, length));
}

export interface Flip {
  /** Where, as a share of the file's length (0 <= at < 1). */
  at: number;
  /** XORed into the byte there (1-255: the byte always changes). */
  mask: number;
}

/** The bytes with some changed; `from` keeps the bytes before it (a type's signature) as they were. */
export function flipped(bytes: Buffer, flips: readonly Flip[], from = 0): Buffer {
  const copy = Buffer.from(bytes);
  const span = copy.length - from;
  if (span <= 0) return copy;
  for (const { at, mask } of flips) {
    const index = from + Math.floor(at * span);
    copy[index] = (copy[index] ?? 0) ^ mask;
  }
  return copy;
}

export type Splice = "zeros" | "ones" | "repeat" | "delete";

/**
 * A stretch of the bytes (from `start` to `end`, shares of the length) overwritten with zeros or
 * 0xff, repeated once more in place (a block written twice), or cut out (a block lost).
 */
export function spliced(bytes: Buffer, kind: Splice, start: number, end: number): Buffer {
  const [from, to] = [start, end]
    .map((share) => Math.floor(share * bytes.length))
    .sort((a, b) => a - b) as [number, number];
  const head = bytes.subarray(0, from);
  const middle = bytes.subarray(from, to);
  const tail = bytes.subarray(to);
  switch (kind) {
    case "zeros":
      return Buffer.concat([head, Buffer.alloc(middle.length, 0), tail]);
    case "ones":
      return Buffer.concat([head, Buffer.alloc(middle.length, 0xff), tail]);
    case "repeat":
      return Buffer.concat([head, middle, middle, tail]);
    case "delete":
      return Buffer.concat([head, tail]);
    default: {
      const unexpected: never = kind;
      return unexpected;
    }
  }
}

/** The bytes with filler after them up to exactly `length` (readers ignore what follows the end). */
export function paddedTo(bytes: Buffer, length: number, filler = 0x20): Buffer {
  if (bytes.length > length) throw new Error(`${bytes.length} bytes do not fit in ${length}`);
  return Buffer.concat([bytes, Buffer.alloc(length - bytes.length, filler)]);
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/**
 * A ZIP meant to follow `by` bytes of something else: every offset in its central directory and
 * end record moved by `by`, so that `Buffer.concat([prefix, shiftedZip(zip, prefix.length)])` is
 * a whole ZIP to a reader that starts from the end (and whatever `prefix` is to one that starts
 * from the front): a true polyglot.
 */
export function shiftedZip(zip: Buffer, by: number): Buffer {
  const copy = Buffer.from(zip);
  const end = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || copy.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) throw new Error("not a zip");
  const count = copy.readUInt16LE(end + 10);
  const directory = copy.readUInt32LE(end + 16);
  let at = directory;
  for (let i = 0; i < count; i++) {
    if (copy.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error("zip directory cut");
    copy.writeUInt32LE(copy.readUInt32LE(at + 42) + by, at + 42);
    at += 46 + copy.readUInt16LE(at + 28) + copy.readUInt16LE(at + 30) + copy.readUInt16LE(at + 32);
  }
  copy.writeUInt32LE(directory + by, end + 16);
  return copy;
}

/** A ZIP with `comment` as its end record's comment (up to 65,535 bytes). */
export function zipWithComment(zip: Buffer, comment: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip");
  const record = Buffer.from(zip.subarray(end, end + 22));
  record.writeUInt16LE(comment.length, 20);
  return Buffer.concat([zip.subarray(0, end), record, comment]);
}

const PNG_SIGNATURE_BYTES = 8;

/** A PNG with a chunk of this type and data put right after IHDR (its CRC right). */
export function pngWithChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const afterHeader = PNG_SIGNATURE_BYTES + 8 + png.readUInt32BE(PNG_SIGNATURE_BYTES) + 4;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([
    png.subarray(0, afterHeader),
    length,
    typed,
    checksum,
    png.subarray(afterHeader),
  ]);
}

/** A PNG whose IHDR says width x height (its CRC left as it was: a header that lies). */
export function pngSizedAs(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  return copy;
}

/** A JPEG with a comment segment (COM) right after its start: up to 65,533 bytes of anything. */
export function jpegWithComment(jpeg: Buffer, comment: Buffer): Buffer {
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0); // COM
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

/** A JPEG whose first frame header (SOF0-SOF15) says width x height; unchanged without one. */
export function jpegSizedAs(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  let at = 2;
  while (at + 9 <= copy.length && copy[at] === 0xff) {
    const marker = copy[at + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
    at += 2 + copy.readUInt16BE(at + 2);
  }
  return copy;
}
