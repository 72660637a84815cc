// decisions D14: a stored file's bytes in the clear, for whoever sends them back to their owner
// (GET /files/{file_id}/content, the export's `files/` entries). A file that does not decrypt is
// the server's fault, never the caller's: it is logged and answered as a 500.
import type { StoredContent } from "../db/files.js";
import { ApiError } from "../errors/api-error.js";
import type { Logger } from "../logger.js";
import type { KeyObject } from "node:crypto";
import { FileDecryptionError, decryptFile, decryptSlices } from "./file-encryption.js";

/** Logs a file that does not decrypt and answers the 500 to throw; any other error as it is. */
function decryptionFailure(logger: Logger, stored: StoredContent, error: unknown): unknown {
  if (!(error instanceof FileDecryptionError)) return error;
  // Another FILES_KEY than the file was stored under, or bytes altered in the database.
  logger.error({ err: error, file_id: stored.file.id }, "a stored file does not decrypt");
  return new ApiError(500, "The stored file could not be decrypted");
}

const identityOf = (stored: StoredContent) => ({
  userId: stored.file.userId,
  fileId: stored.file.id,
});

/** The plaintext of `stored`, its owner's file; an ApiError 500 when it does not decrypt. */
export function storedFileBytes(
  filesKey: KeyObject,
  logger: Logger,
  stored: StoredContent,
): Buffer {
  try {
    return decryptFile(filesKey, stored, identityOf(stored));
  } catch (error) {
    throw decryptionFailure(logger, stored, error);
  }
}

/**
 * The plaintext of `stored` a slice at a time (decryptSlices); the ApiError 500 comes after the
 * last slice when the file does not decrypt.
 */
export function* storedFileSlices(
  filesKey: KeyObject,
  logger: Logger,
  stored: StoredContent,
  sliceBytes: number,
): Generator<Buffer, void, undefined> {
  try {
    yield* decryptSlices(filesKey, stored, identityOf(stored), sliceBytes);
  } catch (error) {
    throw decryptionFailure(logger, stored, error);
  }
}
