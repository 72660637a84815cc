// decisions D14: a file's bytes at rest, AES-256-GCM under FILES_KEY. Each file has a fresh random
// 96-bit IV and keeps its 128-bit tag; its owner's id and its own id are the associated data, so
// ciphertext copied to another row, or another person's, fails to decrypt instead of being served.
// The bytes are only ever in memory in the clear: nothing is written anywhere unencrypted. Their
// SHA-256, which the export names each file with, is taken once as they are stored and kept
// sealed the same way (a digest in the clear would tell whoever holds the database whether a
// person keeps a document they have a copy of), so that no export hashes every file again.
import {
  type KeyObject,
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from "node:crypto";

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

/** What is stored for a file: its bytes encrypted, and their SHA-256 sealed beside them. */
export interface SealedFile extends EncryptedFile {
  /** IV, tag and ciphertext of the plaintext's SHA-256, one after the other. */
  sealedSha256: Uint8Array;
}

/** A failure to decrypt: the key changed, or the stored bytes were altered or moved. */
export class FileDecryptionError extends Error {
  override name = "FileDecryptionError";
}

function associatedData({ userId, fileId }: FileIdentity): Buffer {
  return Buffer.from(`life-admin file v1 user ${userId} file ${fileId}`, "utf8");
}

/** A digest's own associated data: it never decrypts as the file's bytes, nor they as it. */
function digestData({ userId, fileId }: FileIdentity): Buffer {
  return Buffer.from(`life-admin file sha256 v1 user ${userId} file ${fileId}`, "utf8");
}

function encryptWith(key: KeyObject, plaintext: Uint8Array, associated: Buffer): EncryptedFile {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associated);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, authTag: cipher.getAuthTag(), ciphertext };
}

function decryptWith(
  key: KeyObject,
  encrypted: EncryptedFile,
  associated: Buffer,
): Buffer<ArrayBuffer> {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, encrypted.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associated);
    decipher.setAuthTag(encrypted.authTag);
    const plaintext = decipher.update(encrypted.ciphertext);
    // GCM gives every byte from update(); final() only checks the tag.
    decipher.final();
    return plaintext;
  } catch (error) {
    throw new FileDecryptionError("The stored file does not decrypt", { cause: error });
  }
}

export function encryptFile(
  key: KeyObject,
  plaintext: Uint8Array,
  identity: FileIdentity,
): SealedFile {
  const sha256 = createHash("sha256").update(plaintext).digest();
  const digest = encryptWith(key, sha256, digestData(identity));
  return {
    ...encryptWith(key, plaintext, associatedData(identity)),
    sealedSha256: Buffer.concat([digest.iv, digest.authTag, digest.ciphertext]),
  };
}

/**
 * The plaintext, a buffer of its own (Node's decipher makes one for each call), or a
 * FileDecryptionError when the bytes are not this file's under this key.
 */
export function decryptFile(
  key: KeyObject,
  encrypted: EncryptedFile,
  identity: FileIdentity,
): Buffer<ArrayBuffer> {
  return decryptWith(key, encrypted, associatedData(identity));
}

/**
 * The SHA-256 (hex) of the file's plaintext that encryptFile sealed, or a FileDecryptionError
 * when `sealed` is not this file's under this key.
 */
export function openSha256(key: KeyObject, sealed: Uint8Array, identity: FileIdentity): string {
  const iv = sealed.subarray(0, IV_BYTES);
  const authTag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const ciphertext = sealed.subarray(IV_BYTES + TAG_BYTES);
  return decryptWith(key, { iv, authTag, ciphertext }, digestData(identity)).toString("hex");
}
