// Test support: a ZIP's entries read back with yauzl (the reader POST /users/me/import uses), as a
// person's unzip would see them; each entry's CRC-32 is checked against its bytes, as `unzip -t`
// does (yauzl itself does not).
import { crc32 } from "node:zlib";
import yauzl from "yauzl";

export interface ZipEntryRead {
  bytes: Buffer;
  /** 0: stored, 8: deflated. */
  compressionMethod: number;
  modified: Date;
}

/** Every entry of the ZIP in `bytes`, by name, in the order the ZIP lists them. */
export function zipEntries(bytes: Uint8Array): Promise<Map<string, ZipEntryRead>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error !== null) {
        reject(error);
        return;
      }
      const entries = new Map<string, ZipEntryRead>();
      zip.on("error", reject);
      zip.on("end", () => {
        resolve(entries);
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) {
            reject(streamError);
            return;
          }
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
          });
          stream.on("error", reject);
          stream.on("end", () => {
            const read = Buffer.concat(chunks);
            if (crc32(read) !== entry.crc32) {
              reject(new Error(`${entry.fileName}: its CRC-32 is not its bytes'`));
              return;
            }
            entries.set(entry.fileName, {
              bytes: read,
              compressionMethod: entry.compressionMethod,
              modified: entry.getLastModDate(),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
