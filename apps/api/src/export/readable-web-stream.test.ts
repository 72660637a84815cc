import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { readableWebStream } from "./readable-web-stream.js";

const SLICE = 64 * 1024;

/** `bytes` in slices of 64 KiB. */
function slicesOf(bytes: Buffer): Readable {
  let at = 0;
  return new Readable({
    read() {
      const slice = bytes.subarray(at, at + SLICE);
      at += slice.length;
      this.push(slice);
      if (at >= bytes.length) this.push(null);
    },
  });
}

/** A source that gives nothing until the test destroys it. */
function quietSource(): Readable {
  return new Readable({
    read() {
      // Nothing comes.
    },
  });
}

/** Every chunk, read one at a time with a turn of the event loop between: a slow reader. */
async function readSlowly(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("readableWebStream", () => {
  it("passes the source's chunks on in order, themselves, not copies", async () => {
    const bytes = randomBytes(5 * SLICE + 123);
    const chunks = await readSlowly(readableWebStream(slicesOf(bytes)));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(chunks.map((chunk) => [chunk.buffer === bytes.buffer, chunk.byteOffset])).toEqual(
      [0, 1, 2, 3, 4, 5].map((slice) => [true, bytes.byteOffset + slice * SLICE]),
    );
  });

  it("stops reading its source while its reader does not read", async () => {
    const CHUNKS = 256;
    let produced = 0;
    const source = new Readable({
      read() {
        produced += 1;
        this.push(Buffer.alloc(SLICE, produced % 256));
        if (produced === CHUNKS) this.push(null);
      },
    });
    const reader = readableWebStream(source).getReader();
    await reader.read();
    await vi.waitFor(() => {
      expect(source.isPaused()).toBe(true);
    });
    // The stream's queue (64 KiB) and the source's own buffer, not the whole 16 MiB.
    expect(produced).toBeLessThan(8);
    await reader.cancel();
  });

  it("fails with its source's error, and when its source closes before its end", async () => {
    const failing = quietSource();
    const failed = readableWebStream(failing).getReader().read();
    failing.destroy(new Error("the export failed midway"));
    await expect(failed).rejects.toThrow("the export failed midway");

    const closed = quietSource();
    const cut = readableWebStream(closed).getReader().read();
    closed.destroy();
    await expect(cut).rejects.toThrow(/premature close/i);
  });

  it("takes nothing more from its source once its reader has cancelled", async () => {
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(SLICE, 1));
      },
    });
    const reader = readableWebStream(source).getReader();
    await reader.read();
    // Paused with a chunk in its own buffer, which the next read resumes it for.
    await vi.waitFor(() => {
      expect([source.isPaused(), source.readableLength > 0]).toEqual([true, true]);
    });
    const read = reader.read();
    const cancelled = reader.cancel();
    await read;
    await cancelled;
    await new Promise((resolve) => source.once("close", resolve));
    // Node resumes the source on its next tick, after the cancel: its chunk is not taken.
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });

  it("destroys its source when its reader cancels", async () => {
    const source = quietSource();
    await readableWebStream(source).cancel();
    expect(source.destroyed).toBe(true);
  });
});
