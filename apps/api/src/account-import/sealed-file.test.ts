// The import's sealed temporary file: nothing of the ZIP is on disk in the clear, and every range
// of it reads back exactly, wherever it starts in a block and whatever the counter carries.
import { randomBytes } from "node:crypto";
import { openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Seal, SealedReader, newSeal, sealing } from "./sealed-file.js";

const path = join(tmpdir(), `life-admin-sealed-${process.pid}-${Date.now()}`);
afterAll(() => {
  rmSync(path, { force: true });
});

/** yauzl's count of users of a reader (its types leave it out): the last unref closes it. */
function held(reader: SealedReader): { ref(): void; unref(): void } {
  return reader as unknown as { ref(): void; unref(): void };
}

function readRange(reader: SealedReader, start: number, end: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = reader.createReadStream({ start, end });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", reject);
    stream.on("end", () => {
      resolve(Buffer.concat(chunks));
    });
  });
}

describe("a sealed file", () => {
  it("holds none of its bytes in the clear, and reads back any range exactly", async () => {
    // An IV whose low bytes are all ones: reading past the first blocks carries into higher bytes.
    const seal: Seal = { ...newSeal(), iv: Buffer.from("00112233445566778899aaffffffffff", "hex") };
    const clear = Buffer.concat([
      Buffer.from("PK\x03\x04 a document's words, ".repeat(100)),
      randomBytes(70_000),
    ]);
    const cipher = sealing(seal);
    // Written in uneven pieces, as an upload arrives.
    const pieces = [clear.subarray(0, 7), clear.subarray(7, 4_099), clear.subarray(4_099)];
    writeFileSync(
      path,
      Buffer.concat([...pieces.map((piece) => cipher.update(piece)), cipher.final()]),
    );
    const onDisk = readFileSync(path);
    expect(onDisk.length).toBe(clear.length);
    expect(onDisk.includes(Buffer.from("a document's words"))).toBe(false);

    // Held open as yauzl holds it (each range read refs and unrefs it; the last unref closes it).
    const reader = new SealedReader(openSync(path, "r"), seal);
    held(reader).ref();
    for (const [start, end] of [
      [0, clear.length],
      [0, 4],
      [5, 21],
      [16, 32],
      [17, 66_000],
      [clear.length - 22, clear.length],
    ] as const) {
      expect((await readRange(reader, start, end)).equals(clear.subarray(start, end))).toBe(true);
    }
    const other = new SealedReader(openSync(path, "r"), newSeal());
    held(other).ref();
    expect((await readRange(other, 0, 64)).equals(clear.subarray(0, 64))).toBe(false);
    held(reader).unref();
    held(other).unref();
  });
});
