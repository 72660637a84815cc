// issue 22: an account import's ZIP, streamed to a temporary file as it arrives (it may carry a
// person's whole quota of files: it is never held in memory), sealed (sealed-file.ts), refused by
// its first bytes when it is no ZIP at all. The caller makes the file's folder and removes it,
// whatever happens.
import { createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import { ApiError } from "../errors/api-error.js";
import type { UploadSink } from "../files/upload-body.js";
import { type Seal, sealing } from "./sealed-file.js";

/** A ZIP's first bytes: a local file header, or the end record of an empty ZIP. */
const ZIP_SIGNATURES = [Buffer.from("PK\x03\x04", "latin1"), Buffer.from("PK\x05\x06", "latin1")];
const SIGNATURE_BYTES = 4;

export const NOT_A_ZIP_MESSAGE =
  "The file is not a ZIP. Choose the .zip file that Export in Life Admin gave you.";

function couldBeZip(head: Buffer): boolean {
  return ZIP_SIGNATURES.some((signature) => signature.subarray(0, head.length).equals(head));
}

/** Writes the upload to `path` (created, readable by this process's user alone), sealed. */
export function zipOnDisk(path: string, seal: Seal): UploadSink<void> {
  const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
  const cipher = sealing(seal);
  // A disk that fails (full, gone) is our fault, not the caller's: it ends the upload as a 500.
  let failure: Error | null = null;
  out.on("error", (error) => {
    failure = error;
  });
  let head = Buffer.alloc(0);
  return {
    write(chunk, file) {
      if (failure !== null) return failure;
      if (head.length < SIGNATURE_BYTES) {
        head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
        if (!couldBeZip(head)) return new ApiError(415, NOT_A_ZIP_MESSAGE, { Connection: "close" });
      }
      if (!out.write(cipher.update(chunk))) {
        file.pause();
        out.once("drain", () => file.resume());
      }
      return null;
    },
    async end() {
      if (head.length < SIGNATURE_BYTES) {
        out.destroy();
        throw new ApiError(415, NOT_A_ZIP_MESSAGE);
      }
      out.end(cipher.final());
      await finished(out);
    },
    discard() {
      out.destroy();
    },
  };
}
