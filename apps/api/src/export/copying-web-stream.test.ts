import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { copyingWebStream, releaseOnceCopied } from "./copying-web-stream.js";

const SLICE = 64 * 1024;

/** `bytes` in slices of 64 KiB, the last one marked to be given back once copied. */
function slicesOf(bytes: Buffer, { release }: { release: boolean }): Readable {
  let at = 0;
  return new Readable({
    read() {
      const slice = bytes.subarray(at, at + SLICE);
      at += slice.length;
      const last = at >= bytes.length;
      if (last && release) releaseOnceCopied(slice);
      this.push(slice);
      if (last) this.push(null);
    },
  });
}

/** A buffer of its own (as decryptFile's plaintext is), holding a copy of `bytes`. */
function ownCopy(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
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

describe("copyingWebStream", () => {
  it("passes every byte on in order, as copies of the source's chunks", async () => {
    const original = randomBytes(5 * SLICE + 123);
    const bytes = ownCopy(original);
    const chunks = await readSlowly(copyingWebStream(slicesOf(bytes, { release: false })));
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    expect(chunks.every((chunk) => chunk.buffer !== bytes.buffer)).toBe(true);
    // Not marked: left whole.
    expect(bytes.equals(original)).toBe(true);
  });

  it("gives a marked buffer back once its last slice is copied, bytes intact", async () => {
    const original = randomBytes(5 * SLICE + 123);
    const bytes = ownCopy(original);
    const chunks = await readSlowly(copyingWebStream(slicesOf(bytes, { release: true })));
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    expect(bytes.length).toBe(0);
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
    const reader = copyingWebStream(source).getReader();
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
    const failed = copyingWebStream(failing).getReader().read();
    failing.destroy(new Error("the export failed midway"));
    await expect(failed).rejects.toThrow("the export failed midway");

    const closed = quietSource();
    const cut = copyingWebStream(closed).getReader().read();
    closed.destroy();
    await expect(cut).rejects.toThrow(/premature close/i);
  });

  it("takes nothing more from its source once its reader has cancelled", async () => {
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(SLICE, 1));
      },
    });
    const reader = copyingWebStream(source).getReader();
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
    await copyingWebStream(source).cancel();
    expect(source.destroyed).toBe(true);
  });
});
