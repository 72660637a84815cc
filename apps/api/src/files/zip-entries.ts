// The names in a ZIP file's central directory (APPNOTE 4.3.12, 4.3.16): enough to tell a Word
// document (.docx, which holds word/document.xml) from any other ZIP. Nothing is decompressed.
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of up to 65,535. */
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

/** The entry names, or null when no central directory can be read. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = bytes.length - END_RECORD_BYTES; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) !== END_OF_CENTRAL_DIRECTORY) continue;
    const count = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 12, true);
    const offset = view.getUint32(at + 16, true);
    if (offset + size > at) continue;
    return centralDirectoryNames(bytes, view, offset, offset + size, count);
  }
  return null;
}

function centralDirectoryNames(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  end: number,
  count: number,
): string[] | null {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const names: string[] = [];
  let at = start;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
