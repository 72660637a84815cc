// db/files.ts's encryptedBytesReader: a stored file's encrypted bytes read back exactly as stored,
// in slices (db/stored-bytes-query.ts) put back together, whatever the file's size against a
// slice's; its ciphertext a buffer of its own, whose memory can be given back. Runs on the test
// engine.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import { encryptedBytesReader } from "../src/db/files.js";
import { fileContents, files, users } from "../src/db/schema.js";
import { STORED_SLICE_BYTES } from "../src/db/stored-bytes-query.js";
import { releaseMemoryOf } from "../src/released-memory.js";
import { openTestDatabase, testEngine } from "./support/test-database.js";

describe(`a stored file's encrypted bytes on ${testEngine}`, () => {
  let database: Database;
  let userId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ issuer: "https://issuer.test", subject: "a", email: "a@example.com" })
      .returning();
    if (user === undefined) throw new Error("no user was inserted");
    userId = user.id;
  });
  afterAll(() => database.close());

  async function stored(ciphertext: Buffer, sealedSha256: Buffer | null) {
    const [file] = await database.db
      .insert(files)
      // A file is never empty (files_size_check), but its bytes are read right if they are.
      .values({
        userId,
        name: "bill.pdf",
        contentType: "application/pdf",
        size: Math.max(1, ciphertext.length),
      })
      .returning();
    if (file === undefined) throw new Error("no file was inserted");
    const content = { iv: randomBytes(12), authTag: randomBytes(16), ciphertext, sealedSha256 };
    await database.db.insert(fileContents).values({ fileId: file.id, ...content });
    return { fileId: file.id, content };
  }

  const SLICE = STORED_SLICE_BYTES;

  it("reads every size back as stored: none, one byte, a slice and a byte either side, 5 MB", async () => {
    const read = encryptedBytesReader(database);
    const sizes = [0, 1, SLICE - 1, SLICE, SLICE + 1, 5 * 1024 * 1024 + 7];
    for (const size of sizes) {
      const { fileId, content } = await stored(
        randomBytes(size),
        size % 2 === 0 ? null : randomBytes(60),
      );
      const back = await read(fileId);
      expect(
        back === null ? null : Buffer.from(back.ciphertext).equals(content.ciphertext),
        `${size} bytes`,
      ).toBe(true);
      expect(back?.ciphertext.length).toBe(size);
      expect(Buffer.from(back?.iv ?? []).equals(content.iv)).toBe(true);
      expect(Buffer.from(back?.authTag ?? []).equals(content.authTag)).toBe(true);
      expect(back?.sealedSha256 === null ? null : Buffer.from(back?.sealedSha256 ?? [])).toEqual(
        content.sealedSha256,
      );
    }
  });

  it("reads null for a file with no stored bytes", async () => {
    expect(await encryptedBytesReader(database)(987_654)).toBeNull();
  });

  it("reads a ciphertext whose memory can be given back alone, the next read of it whole", async () => {
    const read = encryptedBytesReader(database);
    const { fileId } = await stored(randomBytes(3 * SLICE + 5), randomBytes(60));
    const first = await read(fileId);
    if (first === null) throw new Error("the file was not read");
    releaseMemoryOf(first.ciphertext);
    expect([first.ciphertext.length, first.iv.length, first.authTag.length]).toEqual([0, 12, 16]);
    expect((await read(fileId))?.ciphertext.length).toBe(3 * SLICE + 5);
  });
});
