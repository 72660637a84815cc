// Memory given back the moment it is no longer read, rather than when V8 next collects its whole
// heap. V8 frees a dead buffer's memory (memory outside its heap) only at a collection, and it
// starts a full collection of its heap for every 64 MiB of such memory: a stored file's 2 MB row
// and its 2 MB plaintext, left to it, made the export collect the whole heap every few files
// (BENCHMARKS.md, "Export", sessions 44 to 46).

/**
 * Gives back the memory under `view` at once: every view of the same ArrayBuffer is empty after.
 * Only for a buffer its caller owns alone and that nothing reads any more (nor will: a write
 * still in progress, a socket's for one, would read freed memory). A buffer of Node's pool size
 * or less is left to V8: the pool itself is one (Buffer.from, Buffer.allocUnsafe and
 * Buffer.concat put small buffers side by side in it), and so small a buffer is not worth giving
 * back. So any larger buffer Node made is one of its own, whatever made it.
 */
export function releaseMemoryOf(view: Uint8Array): void {
  const { buffer } = view;
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return;
  if (buffer.byteLength <= Buffer.poolSize) return;
  buffer.transfer(0);
}

const releasedOnceWritten = new WeakSet<Uint8Array>();

/**
 * Marks `lastView`, the last view of a buffer its caller owns alone and reads no more, to be
 * given back (releaseMemoryOf) once an HTTP response has written it to its connection
 * (ReleasingServerResponse, http/node-server.ts), the views before it being written by then.
 * Written anywhere else (an in-process request's, a test's), it is left to V8.
 */
export function releaseOnceWritten(lastView: Uint8Array): void {
  releasedOnceWritten.add(lastView);
}

/** Whether `chunk` was marked with releaseOnceWritten. */
export function isReleasedOnceWritten(chunk: unknown): chunk is Uint8Array {
  return chunk instanceof Uint8Array && releasedOnceWritten.has(chunk);
}
