import { createHash, createSecretKey, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FileDecryptionError, decryptFile, encryptFile, openSha256 } from "./file-encryption.js";

const key = createSecretKey(randomBytes(32));
const plaintext = Buffer.from("%PDF-1.7 Electricity bill: £84.20 due 12/01/2027");
const alice = { userId: 1, fileId: 10 };

describe("a file's encryption at rest", () => {
  it("gives the bytes back under the same key and identity, and never stores them in the clear", () => {
    const encrypted = encryptFile(key, plaintext, alice);
    expect(Buffer.from(encrypted.ciphertext).includes(Buffer.from("Electricity"))).toBe(false);
    expect(encrypted.iv).toHaveLength(12);
    expect(encrypted.authTag).toHaveLength(16);
    expect(decryptFile(key, encrypted, alice)).toEqual(plaintext);
  });

  it("draws a fresh IV for every file, so the same bytes never encrypt alike", () => {
    const one = encryptFile(key, plaintext, alice);
    const two = encryptFile(key, plaintext, alice);
    expect(Buffer.from(one.iv).equals(Buffer.from(two.iv))).toBe(false);
    expect(Buffer.from(one.ciphertext).equals(Buffer.from(two.ciphertext))).toBe(false);
  });

  it("refuses bytes moved to another file or another person, altered, or read under another key", () => {
    const encrypted = encryptFile(key, plaintext, alice);
    expect(() => decryptFile(key, encrypted, { userId: 1, fileId: 11 })).toThrow(
      FileDecryptionError,
    );
    expect(() => decryptFile(key, encrypted, { userId: 2, fileId: 10 })).toThrow(
      FileDecryptionError,
    );
    const altered = Buffer.from(encrypted.ciphertext);
    altered[0] = (altered[0] ?? 0) ^ 1;
    expect(() => decryptFile(key, { ...encrypted, ciphertext: altered }, alice)).toThrow(
      FileDecryptionError,
    );
    const otherKey = createSecretKey(randomBytes(32));
    expect(() => decryptFile(otherKey, encrypted, alice)).toThrow(FileDecryptionError);
  });

  it("seals the bytes' SHA-256 beside them, opened only as this file's under this key", () => {
    const encrypted = encryptFile(key, plaintext, alice);
    const sha256 = createHash("sha256").update(plaintext).digest();
    expect(openSha256(key, encrypted.sealedSha256, alice)).toBe(sha256.toString("hex"));
    // Never in the clear, and drawn afresh each time as the bytes are.
    expect(Buffer.from(encrypted.sealedSha256).includes(sha256)).toBe(false);
    const again = encryptFile(key, plaintext, alice);
    expect(Buffer.from(again.sealedSha256).equals(Buffer.from(encrypted.sealedSha256))).toBe(false);

    expect(() => openSha256(key, encrypted.sealedSha256, { userId: 1, fileId: 11 })).toThrow(
      FileDecryptionError,
    );
    const otherKey = createSecretKey(randomBytes(32));
    expect(() => openSha256(otherKey, encrypted.sealedSha256, alice)).toThrow(FileDecryptionError);
    // The digest never opens as a file's bytes, nor a file of 32 bytes as a digest.
    const sealed = Buffer.from(encrypted.sealedSha256);
    const asFile = { iv: sealed.subarray(0, 12), authTag: sealed.subarray(12, 28) };
    expect(() => decryptFile(key, { ...asFile, ciphertext: sealed.subarray(28) }, alice)).toThrow(
      FileDecryptionError,
    );
    const short = encryptFile(key, sha256, alice);
    const asDigest = Buffer.concat([short.iv, short.authTag, short.ciphertext]);
    expect(() => openSha256(key, asDigest, alice)).toThrow(FileDecryptionError);
  });
});
