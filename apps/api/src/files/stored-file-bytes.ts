// decisions D14: a stored file's bytes in the clear, for whoever sends them back to their owner
// (GET /files/{file_id}/content, the export's `files/` entries). A file that does not decrypt is
// the server's fault, never the caller's: it is logged and answered as a 500.
import type { StoredContent } from "../db/files.js";
import { ApiError } from "../errors/api-error.js";
import type { Logger } from "../logger.js";
import { releaseMemoryOf } from "../released-memory.js";
import type { KeyObject } from "node:crypto";
import { FileDecryptionError, decryptFile } from "./file-encryption.js";

/**
 * The plaintext of `stored`, its owner's file; an ApiError 500 when it does not decrypt. The
 * stored bytes are given back once read: `stored`'s iv, tag and ciphertext are empty after.
 */
export function storedFileBytes(
  filesKey: KeyObject,
  logger: Logger,
  stored: StoredContent,
): Buffer {
  try {
    return decryptFile(filesKey, stored, { userId: stored.file.userId, fileId: stored.file.id });
  } catch (error) {
    if (!(error instanceof FileDecryptionError)) throw error;
    // Another FILES_KEY than the file was stored under, or bytes altered in the database.
    logger.error({ err: error, file_id: stored.file.id }, "a stored file does not decrypt");
    throw new ApiError(500, "The stored file could not be decrypted");
  } finally {
    // The row's own buffer (Database.binaryRow), read no more.
    releaseMemoryOf(stored.ciphertext);
  }
}
