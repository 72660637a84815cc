// Issue 21, decisions D14: an upload over MAX_UPLOAD_BYTES is refused as it arrives, never read to
// its end: over real HTTP, a declared length over the limit is answered before a byte of the body
// is sent, and a chunked body is answered while the client is still sending it. The answer is the
// 413 that says the limit, and the connection closes. The rest of the body is read and dropped, up
// to a bound, before it closes, so that a client still sending gets the 413 and not a reset.
import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LINGER_BYTES, LINGER_MS } from "../src/http/node-server.js";
import { postFromAnotherThread } from "./support/client-thread.js";
import { pdfBill } from "./support/documents.js";
import { type LoopbackServer, listenOnLoopback } from "./support/test-loopback.js";
import { signInAs, testConfig, useTestApp } from "./support/test-app.js";
import { upload } from "./support/uploads.js";

const LIMIT = 256 * 1024;
const TOO_LARGE = { detail: "The file is too large: the limit is 256 KiB." };
const t = useTestApp({ config: testConfig({ MAX_UPLOAD_BYTES: String(LIMIT) }) });
let server: LoopbackServer;
let token: string;

beforeAll(async () => {
  token = (await signInAs(t.deps)).tokens.access_token;
  server = await listenOnLoopback();
  server.serve(getRequestListener(t.app.fetch));
});
afterAll(() => server.close());

const BOUNDARY = "----life-admin-test";
const partHead = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
    "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n",
);

function openUpload(headers: Record<string, string>): {
  req: ClientRequest;
  answer: Promise<{ res: IncomingMessage; body: string }>;
} {
  const req = request(`${server.url}/files/`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      ...headers,
    },
  });
  // Writing after the server has answered and closed may fail: that is the point.
  req.on("error", () => undefined);
  const answer = new Promise<{ res: IncomingMessage; body: string }>((resolve) => {
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        resolve({ res, body });
      });
    });
  });
  return { req, answer };
}

describe("the upload limit (MAX_UPLOAD_BYTES)", () => {
  it("refuses a declared length over the limit before a byte of the body is sent", async () => {
    const { req, answer } = openUpload({ "Content-Length": String(20 * 1024 * 1024) });
    req.flushHeaders();
    const { res, body } = await answer;
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(body)).toEqual(TOO_LARGE);
    expect(res.headers.connection).toBe("close");
    expect(req.writableEnded).toBe(false);
    req.destroy();
  });

  it("answers a chunked body that passes the limit while it is still being sent, and reads no more", async () => {
    const { req, answer } = openUpload({ "Transfer-Encoding": "chunked" });
    const answered = { yet: false };
    void answer.then(() => {
      answered.yet = true;
    });
    req.write(partHead);
    const chunk = Buffer.alloc(16 * 1024, 0x41);
    const planned = 64 * 1024 * 1024;
    let sent = partHead.length;
    while (!answered.yet && sent < planned) {
      if (!req.write(chunk)) {
        await Promise.race([new Promise((resolve) => req.once("drain", resolve)), answer]);
      }
      sent += chunk.length;
      // A client on a real network: the server has time to answer between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { res, body } = await answer;
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(body)).toEqual(TOO_LARGE);
    expect(res.headers.connection).toBe("close");
    // Answered long before the client was done: what it still had to send was never read.
    expect(req.writableEnded).toBe(false);
    expect(sent).toBeLessThan(planned / 4);
    req.destroy();
    const listed: unknown = await fetch(`${server.url}/files/`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    expect(listed).toEqual([]);
  });

  it("stores nothing of an upload whose client goes away in the middle, and answers the next", async () => {
    const { req } = openUpload({ "Content-Length": String(200 * 1024) });
    req.write(partHead);
    req.write(Buffer.alloc(64 * 1024, 0x41));
    await new Promise((resolve) => setTimeout(resolve, 200));
    req.destroy();
    await vi.waitFor(() => {
      expect(t.logs.lines().some((line) => line.path === "/files/" && line.status === 400)).toBe(
        true,
      );
    });
    expect(t.logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
    const listed: unknown = await fetch(`${server.url}/files/`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    expect(listed).toEqual([]);
    expect((await upload(t.app, token, await pdfBill())).status).toBe(201);
  });

  it("takes a file of exactly the limit, and refuses one byte more", async () => {
    const pdf = await pdfBill();
    const exact = Buffer.concat([pdf, Buffer.alloc(LIMIT - pdf.length)]);
    const taken = await upload(t.app, token, exact);
    expect(taken.status).toBe(201);
    expect(taken.file.size).toBe(LIMIT);
    const over = await upload(t.app, token, Buffer.concat([exact, Buffer.from([0])]));
    expect(over.status).toBe(413);
    expect(over.body).toEqual(TOO_LARGE);
  });
});

/** A client on a bare socket: what it was answered, what it sent, and for how long. */
interface BareClient {
  answer: string;
  sent: number;
  ms: number;
}

/**
 * Sends `head` (an upload's request line, headers and part header), then `piece` after `piece`
 * until the server closes the connection, each `pauseMs` after the last (0: as fast as the
 * connection takes them). It reads what it is answered and goes on sending regardless.
 */
async function sendUntilClosed(head: Buffer, piece: Buffer, pauseMs: number): Promise<BareClient> {
  const started = performance.now();
  // Half-open allowed: the server's end of the connection does not end this client's sending.
  const socket = connect({
    host: "127.0.0.1",
    port: Number(new URL(server.url).port),
    allowHalfOpen: true,
  });
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => {
    answer += text;
  });
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      resolve();
    }),
  );
  let sent = head.length;
  socket.write(head);
  while (!socket.closed) {
    sent += piece.length;
    const next = socket.write(piece)
      ? new Promise((resolve) =>
          pauseMs === 0 ? setImmediate(resolve) : setTimeout(resolve, pauseMs),
        )
      : new Promise((resolve) => socket.once("drain", resolve));
    await Promise.race([next, closed]);
  }
  return { answer, sent, ms: performance.now() - started };
}

function requestHead(lengthHeader: string): string {
  return (
    `POST /files/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${lengthHeader}\r\n\r\n`
  );
}

function chunkOf(bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${bytes.length.toString(16)}\r\n`),
    bytes,
    Buffer.from("\r\n"),
  ]);
}

describe("a 413 given while the client is still sending", () => {
  it("reaches the client every time, never a reset instead (200 uploads of 3 MiB, with a Content-Length and chunked)", async () => {
    // From a thread of its own, as a browser: before the server lingered, 4-9 in 200 got EPIPE.
    const outcomes = await postFromAnotherThread({
      url: `${server.url}/files/`,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: Buffer.concat([partHead, Buffer.alloc(3 * 1024 * 1024, 0x41)]),
      times: 200,
    });
    const refused = (chunked: boolean) => ({
      chunked,
      status: 413,
      body: JSON.stringify(TOO_LARGE),
    });
    expect(outcomes.filter((outcome) => "error" in outcome)).toEqual([]);
    expect(outcomes).toEqual(outcomes.map(({ chunked }) => refused(chunked)));
  });

  it("cuts off a client that floods on after it, once the bytes read after the answer pass the bound", async () => {
    const head = Buffer.concat([
      Buffer.from(requestHead("Transfer-Encoding: chunked")),
      chunkOf(partHead),
    ]);
    const client = await sendUntilClosed(head, chunkOf(Buffer.alloc(64 * 1024, 0x41)), 0);
    expect(client.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(client.answer).toContain(`\r\n\r\n${JSON.stringify(TOO_LARGE)}`);
    // Read on after the answer, up to the bound, then closed while the client was still sending.
    expect(client.sent).toBeGreaterThan(LINGER_BYTES);
  });

  it("cuts off a client that trickles on after it, once the time after the answer passes the bound", async () => {
    const head = Buffer.concat([
      Buffer.from(requestHead(`Content-Length: ${64 * 1024 * 1024}`)),
      partHead,
    ]);
    const client = await sendUntilClosed(head, Buffer.alloc(1024, 0x41), 20);
    expect(client.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(client.answer).toContain(`\r\n\r\n${JSON.stringify(TOO_LARGE)}`);
    expect(client.sent).toBeLessThan(LINGER_BYTES);
    expect(client.ms).toBeGreaterThan(LINGER_MS);
  });
});
