// The zip inside a DOCX, read with care: a zip can be a bomb, a few kB that inflate to gigabytes.
// mammoth (through JSZip) inflates whole entries into memory and compares the result with the
// declared size only afterwards, so the sizes are checked here first: the central directory's
// declared sizes must sum to at most the limit, and every entry is inflated once with zlib's
// maxOutputLength set to its declared size, so one that lies is caught before it grows past it.
import { inflateRawSync } from "node:zlib";

export type ZipProblem = "damaged" | "too-large";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65535. */
const MAX_END_RECORD_DISTANCE = 22 + 0xffff;
/** ZIP64's marker values: no DOCX needs sizes past 4 GB, so a zip that uses them is refused. */
const ZIP64_COUNT = 0xffff;
const ZIP64_SIZE = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
const nameDecoder = new TextDecoder("utf-8", { fatal: false });

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function endRecordOffset(view: DataView): number | null {
  const last = view.byteLength - 22;
  const first = Math.max(0, view.byteLength - MAX_END_RECORD_DISTANCE);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return null;
}

/** The central directory's entries (APPNOTE 4.3.12), or null when it is missing, cut or ZIP64. */
export function zipCentralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecordOffset(view);
  if (end === null) return null;
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (count === ZIP64_COUNT || offset === ZIP64_SIZE) return null;
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL_DIRECTORY_ENTRY) {
      return null;
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > view.byteLength) return null;
    const entry = {
      name: nameDecoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      encrypted: (view.getUint16(at + 8, true) & 1) === 1,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    if (entry.compressedSize === ZIP64_SIZE || entry.uncompressedSize === ZIP64_SIZE) return null;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The entry's bytes, inflated with no room past its declared size: a RangeError when the data
 * would grow past it, another Error when it is damaged or compressed in a way a DOCX never is.
 */
export function unzipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_FILE_HEADER) {
    throw new Error(`No local header for ${entry.name}`);
  }
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new Error(`${entry.name} is cut short`);
  const data = bytes.subarray(start, end);
  const unzipped =
    entry.method === STORED
      ? data
      : entry.method === DEFLATED
        ? // One byte of room past the declared size, so that a longer stream stops there.
          inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 })
        : null;
  if (unzipped === null) throw new Error(`${entry.name} uses compression method ${entry.method}`);
  if (unzipped.length > entry.uncompressedSize) {
    throw new RangeError(`${entry.name} is larger than it declares`);
  }
  if (unzipped.length < entry.uncompressedSize) throw new Error(`${entry.name} is cut short`);
  return unzipped;
}

/**
 * Why the zip in `bytes` must not be unzipped, or null when it inflates to at most
 * `maxUnzippedBytes` in all, as every entry declares.
 */
export function zipExpansionProblem(
  bytes: Uint8Array,
  maxUnzippedBytes: number,
): ZipProblem | null {
  const entries = zipCentralDirectory(bytes);
  if (entries === null || entries.some((entry) => entry.encrypted)) return "damaged";
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > maxUnzippedBytes) return "too-large";
  for (const entry of entries) {
    try {
      unzipEntry(bytes, entry);
    } catch (error) {
      return error instanceof RangeError ? "too-large" : "damaged";
    }
  }
  return null;
}
