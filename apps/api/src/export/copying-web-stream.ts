// issue 22: the export's ZIP as the web stream its response is written from, each chunk copied as
// it passes (as Readable.toWeb copies it), and each stored file's plaintext given back the moment
// its last slice has been copied, instead of when V8 next collects its whole heap
// (released-memory.ts; BENCHMARKS.md, "Export", session 45).
//
// The copy is what makes giving the plaintext back safe. The response writes the copy, and the
// socket may still be reading it after Hono has taken the next chunk; the plaintext itself is
// read by no one once its last slice is copied: the export hashed it before handing it to yazl,
// yazl takes each slice's CRC before passing it on, and the slices come here in order.
import { type Readable, finished } from "node:stream";
import { releaseMemoryOf } from "../released-memory.js";

/** What the stream's queue holds before it stops reading the ZIP: yazl's slices are 64 KiB. */
const QUEUED_BYTES = 64 * 1024;

const releasedOnceCopied = new WeakSet<Uint8Array>();

/**
 * Marks `lastSlice`, the last view of a buffer its caller owns alone and reads no more, to be
 * given back once copyingWebStream has copied it (every view of that buffer empty after).
 */
export function releaseOnceCopied(lastSlice: Uint8Array): void {
  releasedOnceCopied.add(lastSlice);
}

/**
 * `source`'s bytes as a web stream of copies, read only as its reader takes them. It ends with
 * `source`, fails with its error (a premature close included), and destroys it when cancelled.
 */
export function copyingWebStream(source: Readable): ReadableStream<Uint8Array> {
  // Until it ends, fails or is cancelled. A source resumed for a read that is then cancelled
  // still hands over what it holds, on Node's next tick: into a closed stream, which would throw
  // (as Readable.toWeb's did), and on the API's thread nothing would catch it.
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.pause();
        source.on("data", (chunk: Buffer) => {
          if (!open) return;
          const copy = new Uint8Array(chunk);
          if (releasedOnceCopied.has(chunk)) releaseMemoryOf(chunk);
          controller.enqueue(copy);
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        finished(source, { writable: false }, (error) => {
          if (!open) return;
          open = false;
          if (error === undefined || error === null) controller.close();
          else controller.error(error);
        });
      },
      pull() {
        source.resume();
      },
      cancel(reason) {
        open = false;
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: QUEUED_BYTES }),
  );
}
