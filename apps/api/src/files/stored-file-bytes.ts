// decisions D14: a stored file's bytes in the clear, for whoever sends them back to their owner
// (GET /files/{file_id}/content, the export's `files/` entries). A file that does not decrypt is
// the server's fault, never the caller's: it is logged and answered as a 500.
import type { StoredContent } from "../db/files.js";
import { ApiError } from "../errors/api-error.js";
import type { Logger } from "../logger.js";
import { releaseMemoryOf } from "../released-memory.js";
import { type KeyObject, createHash } from "node:crypto";
import {
  FileDecryptionError,
  type FileIdentity,
  decryptFile,
  openSha256,
} from "./file-encryption.js";

/**
 * What `read` makes of `stored`, its owner's file; an ApiError 500 when it does not decrypt. The
 * stored bytes are given back once read: `stored`'s iv, tag, ciphertext and sealed SHA-256 are
 * empty after.
 */
function decrypted<T>(
  logger: Logger,
  stored: StoredContent,
  read: (identity: FileIdentity) => T,
): T {
  try {
    return read({ userId: stored.file.userId, fileId: stored.file.id });
  } catch (error) {
    if (!(error instanceof FileDecryptionError)) throw error;
    // Another FILES_KEY than the file was stored under, or bytes altered in the database.
    logger.error({ err: error, file_id: stored.file.id }, "a stored file does not decrypt");
    throw new ApiError(500, "The stored file could not be decrypted");
  } finally {
    // The ciphertext's own buffer (db/files.ts), read no more.
    releaseMemoryOf(stored.ciphertext);
  }
}

/** The plaintext of `stored`, its owner's file; see decrypted(). */
export function storedFileBytes(
  filesKey: KeyObject,
  logger: Logger,
  stored: StoredContent,
): Buffer<ArrayBuffer> {
  return decrypted(logger, stored, (identity) => decryptFile(filesKey, stored, identity));
}

/**
 * The plaintext of `stored` and its SHA-256 (hex): the one sealed as it was stored, or, for a file
 * stored before those were (schema.ts), taken now; see decrypted().
 */
export function storedFileAndSha256(
  filesKey: KeyObject,
  logger: Logger,
  stored: StoredContent,
): { bytes: Buffer<ArrayBuffer>; sha256: string } {
  return decrypted(logger, stored, (identity) => {
    const sealed =
      stored.sealedSha256 === null ? null : openSha256(filesKey, stored.sealedSha256, identity);
    const bytes = decryptFile(filesKey, stored, identity);
    return { bytes, sha256: sealed ?? createHash("sha256").update(bytes).digest("hex") };
  });
}
