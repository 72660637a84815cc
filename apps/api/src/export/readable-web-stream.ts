// issue 22: the export's ZIP as the web stream its response is written from: yazl's chunks
// themselves, read only as the response takes them. Readable.toWeb copies every chunk (2 MB of
// copies for a 2 MB file, which made V8 collect its whole heap every few files), and its cancel
// could throw on the API's thread (BENCHMARKS.md, "Export", sessions 45 and 46). A file's slices
// are views of its plaintext, given back once the response has written the last of them
// (releaseOnceWritten, account-zip.ts).
import { type Readable, finished } from "node:stream";

/** What the stream's queue holds before it stops reading the ZIP: yazl's slices are 64 KiB. */
const QUEUED_BYTES = 64 * 1024;

/**
 * `source`'s chunks as a web stream, read only as its reader takes them. It ends with `source`,
 * fails with its error (a premature close included), and destroys it when cancelled.
 */
export function readableWebStream(source: Readable): ReadableStream<Uint8Array> {
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
          controller.enqueue(chunk);
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
