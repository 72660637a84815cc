// decisions D14: a file's bytes at rest, AES-256-GCM under FILES_KEY. Each file has a fresh random
// 96-bit IV and keeps its 128-bit tag; its owner's id and its own id are the associated data, so
// ciphertext copied to another row, or another person's, fails to decrypt instead of being served.
// The bytes are only ever in memory in the clear: nothing is written anywhere unencrypted.
import { type KeyObject, createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whose file this is: bound into the ciphertext. */
export interface FileIdentity {
  userId: number;
  fileId: number;
}

export interface EncryptedFile {
  iv: Uint8Array;
  authTag: Uint8Array;
  ciphertext: Uint8Array;
}

/** A failure to decrypt: the key changed, or the stored bytes were altered or moved. */
export class FileDecryptionError extends Error {
  override name = "FileDecryptionError";
}

function associatedData({ userId, fileId }: FileIdentity): Buffer {
  return Buffer.from(`life-admin file v1 user ${userId} file ${fileId}`, "utf8");
}

export function encryptFile(
  key: KeyObject,
  plaintext: Uint8Array,
  identity: FileIdentity,
): EncryptedFile {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(identity));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, authTag: cipher.getAuthTag(), ciphertext };
}

/**
 * The plaintext, a buffer of its own (Node's decipher makes one for each call), or a
 * FileDecryptionError when the bytes are not this file's under this key.
 */
export function decryptFile(
  key: KeyObject,
  encrypted: EncryptedFile,
  identity: FileIdentity,
): Buffer {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, encrypted.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(identity));
    decipher.setAuthTag(encrypted.authTag);
    const plaintext = decipher.update(encrypted.ciphertext);
    // GCM gives every byte from update(); final() only checks the tag.
    decipher.final();
    return plaintext;
  } catch (error) {
    throw new FileDecryptionError("The stored file does not decrypt", { cause: error });
  }
}
