// issue 22: the ZIP of an account import, read from the sealed temporary file it was streamed to, with
// yauzl's own care: names that climb out (`..`), absolute names and backslashes are refused as the
// central directory is read (strictFileNames), and no entry gives more bytes than it declares
// (validateEntrySizes), so a zip bomb stops at its declared size, which the caller bounds first;
// what is read is held to its CRC-32, which yauzl does not check.
// Every way the ZIP can be wrong is an ApiError a person can read, never a 500.
import type { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { fstat, open } from "node:fs";
import { promisify } from "node:util";
import yauzl from "yauzl";
import { ApiError } from "../errors/api-error.js";
import { type Seal, SealedReader } from "./sealed-file.js";

/** An entry as the import needs it. */
export interface ArchiveEntry {
  name: string;
  /** What the central directory declares: no more is ever read of it. */
  size: number;
  /** yauzl's entry, to read it by. */
  entry: yauzl.Entry;
}

export interface ArchiveZip {
  /** The entries by name (each name once). */
  entries: ReadonlyMap<string, ArchiveEntry>;
  /** The entry's bytes, all of them: refused when it gives other than it declares. */
  bytesOf(entry: ArchiveEntry): Promise<Buffer>;
  close(): void;
}

const AGAIN = "Export again from Life Admin and import the new file.";

/** The 400 of a ZIP that cannot be read as one. */
export function damagedZip(reason: string): ApiError {
  return new ApiError(
    400,
    `The ZIP is damaged or was not made by Life Admin (${reason}). ${AGAIN}`,
  );
}

/** yauzl's own words for a name it refuses, or for a ZIP it cannot read. */
function refusalOf(error: Error): ApiError {
  const { message } = error;
  if (/^(invalid relative path|absolute path|invalid characters in fileName)/.test(message)) {
    return new ApiError(
      400,
      `The ZIP has an entry with an unsafe name (${message}): a Life Admin export never has one. ` +
        "Nothing was imported.",
    );
  }
  if (/encrypted/i.test(message)) {
    return new ApiError(
      400,
      `The ZIP is encrypted (${message}): import the ZIP as Life Admin exported it.`,
    );
  }
  return damagedZip(message);
}

/**
 * The ZIP at `path`, sealed with `seal` (sealed-file.ts), its central directory read through: refused when it is not a ZIP or is
 * damaged, has an unsafe name, a name twice, or more than `maxEntries` entries (413, before they
 * are read).
 */
export async function openArchiveZip(
  path: string,
  seal: Seal,
  maxEntries: number,
): Promise<ArchiveZip> {
  // A descriptor of its own, closed by the reader once yauzl lets go of it (zip.close()).
  const fd = await promisify(open)(path, "r");
  const { size } = await promisify(fstat)(fd);
  const reader = new SealedReader(fd, seal);
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: false },
      (openError, zip) => {
        if (openError !== null) {
          reader.close(() => undefined);
          reject(refusalOf(openError));
          return;
        }
        if (zip.entryCount > maxEntries) {
          zip.close();
          reject(
            new ApiError(
              413,
              `The ZIP has ${zip.entryCount.toLocaleString("en-US")} entries: an import takes at ` +
                `most ${maxEntries.toLocaleString("en-US")}.`,
            ),
          );
          return;
        }
        const entries = new Map<string, ArchiveEntry>();
        zip.on("error", (error: Error) => {
          zip.close();
          reject(refusalOf(error));
        });
        zip.on("entry", (entry: yauzl.Entry) => {
          const name = entry.fileName;
          if (entries.has(name)) {
            zip.close();
            reject(damagedZip(`${name} is in it twice`));
            return;
          }
          // Folders carry nothing: an archive tool may add them.
          if (!name.endsWith("/")) entries.set(name, { name, size: entry.uncompressedSize, entry });
          zip.readEntry();
        });
        zip.on("end", () => {
          resolve({
            entries,
            bytesOf: (entry) => bytesOf(zip, entry),
            close() {
              zip.close();
            },
          });
        });
        zip.readEntry();
      },
    );
  });
}

function bytesOf(zip: yauzl.ZipFile, { entry, name, size }: ArchiveEntry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (openError, stream: Readable) => {
      if (openError !== null) {
        reject(refusalOf(openError));
        return;
      }
      const chunks: Buffer[] = [];
      let read = 0;
      stream.on("data", (chunk: Buffer) => {
        read += chunk.length;
        chunks.push(chunk);
      });
      stream.on("error", (error: Error) => {
        reject(damagedZip(`${name}: ${error.message}`));
      });
      stream.on("end", () => {
        // validateEntrySizes errs on a difference; this holds when it could not see one.
        const bytes = Buffer.concat(chunks, read);
        if (read !== size) reject(damagedZip(`${name} holds ${read} bytes, not ${size}`));
        // yauzl leaves the checksum to its caller: a flipped byte could otherwise go unseen.
        else if (crc32(bytes) !== entry.crc32) reject(damagedZip(`${name} fails its CRC-32`));
        else resolve(bytes);
      });
    });
  });
}
