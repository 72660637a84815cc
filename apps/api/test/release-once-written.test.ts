// The API's responses give a buffer marked with releaseOnceWritten back once its connection has
// written it (ReleasingServerResponse, src/http/node-server.ts), whether it was written or given
// to `end`: never while any of it is still to be written, never when the connection went away
// first (the socket may still hold it), and always once it is written whole; what the client
// receives is every byte, intact.
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import {
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
  createServer,
  get,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NODE_SERVER_OPTIONS } from "../src/http/node-server.js";
import { releaseOnceWritten } from "../src/released-memory.js";

const MIB = 1024 * 1024;

/** A buffer of its own (as a decrypted file's plaintext is), of random bytes. */
function ownRandom(size: number): Buffer {
  const own = Buffer.allocUnsafeSlow(size);
  randomBytes(size).copy(own);
  return own;
}

/** Whether `bytes`' memory was given back: every view of it is empty. */
function released(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof ArrayBuffer && bytes.buffer.detached;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * A GET to the API's server on a loopback port (the client's failures once it goes away are its
 * own), and the response the server makes for it, headed with a Content-Length of `bytes`.
 */
async function requested(bytes: number): Promise<{ client: ClientRequest; res: ServerResponse }> {
  const server = createServer(NODE_SERVER_OPTIONS);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const answered = once(server, "request") as Promise<[IncomingMessage, ServerResponse]>;
  const client = get(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  client.on("error", () => undefined);
  const [, res] = await answered;
  res.writeHead(200, { "Content-Length": bytes });
  return { client, res };
}

/** `marked` marked and written to `res` whole: resolves with what the write's callback said. */
function writtenMarked(res: ServerResponse, marked: Buffer): Promise<Error | null | undefined> {
  releaseOnceWritten(marked);
  return new Promise((resolve) => {
    res.write(marked, resolve);
  });
}

/**
 * Reads the answer to `client` whole, and expects it to be `expected` (a SHA-256) and `marked`
 * to be given back once `res` has written it: at no piece the client got while any of the
 * response was still unwritten, and by the end.
 */
async function expectGivenBackOnceWritten(
  client: ClientRequest,
  res: ServerResponse,
  marked: Buffer,
  expected: string,
): Promise<void> {
  const received = createHash("sha256");
  // At each piece the client gets: is the buffer given back, and what is still to be written.
  const seen: { released: boolean; unwritten: number }[] = [];
  const [answer] = (await once(client, "response")) as [IncomingMessage];
  answer.on("data", (piece: Buffer) => {
    received.update(piece);
    seen.push({ released: released(marked), unwritten: res.writableLength });
  });
  await once(answer, "end");

  expect(received.digest("hex")).toBe(expected);
  expect(seen.filter(({ released, unwritten }) => released && unwritten > 0)).toEqual([]);
  // Far more than the connection's buffers hold: most of it waited on the client's reading.
  expect(seen.some(({ unwritten }) => unwritten > marked.length / 2)).toBe(true);
  await vi.waitFor(() => {
    expect(released(marked)).toBe(true);
  });
}

describe("a buffer marked with releaseOnceWritten", () => {
  it("is given back once its connection has written it, never while any of it is unwritten", async () => {
    const marked = ownRandom(64 * MIB);
    const unmarked = ownRandom(2 * MIB);
    const expected = sha256(Buffer.concat([marked, unmarked]));
    const { client, res } = await requested(marked.length + unmarked.length);
    // Written in slices, as the export writes a file; the last one marks the whole buffer.
    for (let at = 0; at < marked.length; at += MIB) {
      const slice = marked.subarray(at, at + MIB);
      if (at + MIB >= marked.length) releaseOnceWritten(slice);
      res.write(slice);
    }
    res.write(unmarked);
    res.end();

    await expectGivenBackOnceWritten(client, res, marked, expected);
    // Nothing but what was marked.
    expect([released(unmarked), unmarked.length]).toEqual([false, 2 * MIB]);
  });

  it("given to end, is given back once the response has finished, never while any of it is unwritten", async () => {
    const marked = ownRandom(64 * MIB);
    const expected = sha256(marked);
    const { client, res } = await requested(marked.length);
    releaseOnceWritten(marked);
    // Its callback, as end's callers pass one, is still called.
    const ended = new Promise<void>((resolve) => {
      res.end(marked, resolve);
    });

    await expectGivenBackOnceWritten(client, res, marked, expected);
    await ended;
  });

  it("given to end, is left alone when its connection goes away while writing it", async () => {
    const marked = ownRandom(64 * MIB);
    const { client, res } = await requested(marked.length);
    releaseOnceWritten(marked);
    res.end(marked);
    const [answer] = (await once(client, "response")) as [IncomingMessage];
    await once(answer, "data");
    expect(res.writableLength).toBeGreaterThan(0);
    client.destroy();
    await once(res, "close");

    expect([res.writableFinished, released(marked), marked.length]).toEqual([
      false,
      false,
      64 * MIB,
    ]);
  });

  it("is left alone when its connection went away before writing it", async () => {
    const marked = ownRandom(4 * MIB);
    const { client, res } = await requested(marked.length);
    client.destroy();
    await once(res, "close");

    expect(await writtenMarked(res, marked)).toBeInstanceOf(Error);
    expect([released(marked), marked.length]).toEqual([false, 4 * MIB]);
  });

  it("is left alone when its connection goes away while writing it", async () => {
    const marked = ownRandom(64 * MIB);
    const { client, res } = await requested(marked.length);
    const written = writtenMarked(res, marked);
    const [answer] = (await once(client, "response")) as [IncomingMessage];
    // The first piece arrives while most of the buffer is still to be written; then the client
    // goes.
    await once(answer, "data");
    expect(res.writableLength).toBeGreaterThan(0);
    client.destroy();

    expect(await written).toBeInstanceOf(Error);
    expect([released(marked), marked.length]).toEqual([false, 64 * MIB]);
  });
});
