// The reading section's uploaders (support/files-being-read.ts), in their own process, against a
// server on loopback that answers POST /files/ and GET /files/{id} as the API does: a file is
// "reading" for its first two polls and "read" after.
import { type IncomingMessage, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { keepFilesBeingRead } from "../src/support/files-being-read.js";

const OPTIONS = { count: 3, pollMs: 20, timeoutMs: 10_000 };
const DOCUMENTS = [
  { name: "one.jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 1]) },
  { name: "two.jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 2]) },
];

let server: Server | null = null;

afterEach(async () => {
  const open = server;
  server = null;
  open?.closeAllConnections();
  if (open !== null) await new Promise((resolve) => open.close(resolve));
});

interface Seen {
  uploads: number;
  /** Files asked for after they were read. */
  pollsOfRead: number;
  /** Bytes of each upload's body. */
  bodies: Buffer[];
}

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

async function listen(refuseUploads = false): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { uploads: 0, pollsOfRead: 0, bodies: [] };
  const polls = new Map<number, number>();
  const answer = async (request: IncomingMessage): Promise<[number, object]> => {
    if (request.headers.authorization !== "Bearer the-token") return [401, {}];
    if (request.method === "POST" && request.url === "/files/") {
      seen.bodies.push(await bodyOf(request));
      if (refuseUploads) return [415, { detail: "Invalid file type" }];
      seen.uploads += 1;
      polls.set(seen.uploads, 0);
      return [201, { id: seen.uploads, name: "a.jpeg", status: "reading" }];
    }
    const id = Number(/^\/files\/(\d+)$/.exec(request.url ?? "")?.[1]);
    const asked = (polls.get(id) ?? 0) + 1;
    polls.set(id, asked);
    if (asked > 3) seen.pollsOfRead += 1;
    return [200, { id, name: "a.jpeg", status: asked >= 3 ? "read" : "reading" }];
  };
  server = createServer((request, response) => {
    void answer(request).then(([status, body]) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen };
}

describe("files kept being read, by uploaders in a process of their own", () => {
  it("keeps count files in hand, counts those read, and on stop finishes each in hand", async () => {
    const { url, seen } = await listen();
    const files = keepFilesBeingRead(url, "the-token", DOCUMENTS, OPTIONS);
    await files.started;
    expect(seen.uploads).toBeGreaterThanOrEqual(OPTIONS.count);
    await expect.poll(() => files.read(), { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    await files.stop();
    const uploaded = seen.uploads;
    // Every file sent was read before stop() resolved, and none was asked for once read.
    expect(files.read()).toBe(uploaded);
    expect(seen.pollsOfRead).toBe(0);
    expect(seen.bodies.some((body) => body.includes(Buffer.from("one.jpeg")))).toBe(true);
    expect(seen.bodies.some((body) => body.includes(Buffer.from("two.jpeg")))).toBe(true);
  });

  it("ends the run with the API's answer when an upload is refused", async () => {
    const { url } = await listen(true);
    const files = keepFilesBeingRead(url, "the-token", DOCUMENTS, OPTIONS);
    await expect(files.started).rejects.toThrow(/POST \/files\/ one\.jpeg: 415/);
    await expect(files.stop()).rejects.toThrow(/415|ended/);
  });
});
