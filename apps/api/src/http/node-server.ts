// The Node HTTP server's own limits, and its answers to requests that never reach the app
// (headers too large, a request that is not HTTP): FastAPI's shape and the security headers
// there too (decisions D1, D3), instead of Node's bare status line.
import type { EventEmitter } from "node:events";
import { type IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { isReleasedOnceWritten, releaseMemoryOf } from "../released-memory.js";

/**
 * On every answer: decisions D3's `Referrer-Policy: no-referrer` (tokens travel in URLs) and
 * nosniff, and the rest of what Hono's secureHeaders() sets by default, for an API that serves no
 * cross-origin embeddable content. A route may still set its own (the docs' CSP).
 */
export const SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = [
  // issue 17: JSON is never a page; should a browser render an answer anyway, it runs and loads
  // nothing and is never framed. The HTML pages (/docs, the local provider's) set their own.
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/** A Node request listener, such as @hono/node-server's getRequestListener(app.fetch). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * Sets SECURITY_HEADERS on the Node response before `listener` answers; headers the answer sets
 * itself take precedence. Set here rather than by Hono's secureHeaders(), which sets them on each
 * Fetch Response after the route: about a tenth of the API's busy time in a CPU profile of
 * GET /tasks/ under load (issue 7, BENCHMARKS.md).
 */
export function withSecurityHeaders(listener: NodeListener): NodeListener {
  return (req, res) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    return listener(req, res);
  };
}

/**
 * The request line and headers together. Node's default is 16 KiB, which a 16 KB bearer token
 * alone exceeds; at 32 KiB such a token still reaches the app and gets its 401 (issue 8).
 */
export const MAX_HEADER_BYTES = 32 * 1024;

type WriteCallback = (error?: Error | null) => void;

/**
 * Node's response, which gives back the memory of a chunk marked with releaseOnceWritten
 * (released-memory.ts) once the connection has written it: when its write's callback comes
 * without an error, Node has flushed it and holds it no more (a socket writes in order, so every
 * chunk written before it is flushed too); for the last chunk, given to `end`, when the response
 * emits "finish", which Node does once the last of it is handed to the connection. A write that
 * fails or never reaches the connection (one already gone drops it without a callback, and closes
 * the response without "finish") leaves the chunk to V8, as does any other way of writing it:
 * only what is known written is given back.
 */
export class ReleasingServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  override write(
    chunk: unknown,
    encodingOrCallback?: BufferEncoding | WriteCallback,
    callback?: WriteCallback,
  ): boolean {
    if (!isReleasedOnceWritten(chunk)) {
      // As it came: (chunk, callback) or (chunk, encoding, callback).
      return super.write(chunk, encodingOrCallback as BufferEncoding, callback);
    }
    // A buffer, which has no encoding.
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    return super.write(chunk, (error) => {
      if (error === null || error === undefined) releaseMemoryOf(chunk);
      done?.(error);
    });
  }

  override end(
    chunk?: unknown,
    encodingOrCallback?: BufferEncoding | (() => void),
    callback?: () => void,
  ): this {
    if (isReleasedOnceWritten(chunk)) {
      this.once("finish", () => {
        releaseMemoryOf(chunk);
      });
    }
    // As it came: (), (callback), (chunk, callback) or (chunk, encoding, callback).
    return super.end(chunk, encodingOrCallback as BufferEncoding, callback);
  }
}

/** For http.createServer (or @hono/node-server's `serverOptions`). */
export const NODE_SERVER_OPTIONS = {
  maxHeaderSize: MAX_HEADER_BYTES,
  ServerResponse: ReleasingServerResponse,
};

function rawResponse(status: number, reason: string, detail: string): string {
  const body = JSON.stringify({ detail });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

function responseFor(code: string | undefined): string {
  if (code === "HPE_HEADER_OVERFLOW") {
    return rawResponse(
      431,
      "Request Header Fields Too Large",
      `Request headers are too large (the limit is ${MAX_HEADER_BYTES / 1024} KiB)`,
    );
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return rawResponse(408, "Request Timeout", "The request took too long to arrive");
  }
  // Every other parser error (a bad request line, header or chunk): Node's own answer is 400.
  return rawResponse(400, "Bad Request", "The request could not be read as HTTP");
}

/** Answers what Node's parser refuses, as the app would have, then closes the connection. */
export function answerClientErrors(server: EventEmitter): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection the client has already dropped.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(responseFor(error.code));
  });
}

/**
 * How long, and how much, of a body still coming after its answer is read and dropped before the
 * connection closes. Long enough for a client on a slow, distant network to receive the answer
 * and stop (a few round trips of up to a few hundred ms each, and a busy machine's stalls); as
 * many bytes as such a client may still have on their way by then: a fast link's bandwidth times
 * that, and the socket buffers at both ends (Linux's largest by default: 4 MiB to send, 6 MiB to
 * receive). @hono/node-server drains early-refused bodies for up to 500 ms or 64 MiB (its pull
 * request #329). A client that goes on sending is cut off at whichever comes first: it holds its
 * connection at most this much longer, and nothing it sends is kept.
 */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 16 * 1024 * 1024;

// Node keeps the headers it was given, for getHeader(), once any was set with setHeader(), as
// withSecurityHeaders() does on every answer; after writeHead(status, headers) alone it keeps none.
function saysClose(res: ServerResponse): boolean {
  return /(?:^|,)\s*close\s*(?:,|$)/i.test(String(res.getHeader("connection") ?? ""));
}

/**
 * A lingering close after an answer that says `Connection: close` while its request's body is
 * still coming (the API's 413s, 415s and 400s, given as soon as they are known). Node would
 * destroy the connection as soon as the answer is written (socket.destroySoon(), called by
 * resOnFinish in lib/_http_server.js), and a socket closed with bytes still unread makes the
 * kernel reset the connection: a client still sending may then see the reset (EPIPE, ECONNRESET,
 * a browser's "network error") and never the answer (RELIABILITY.md, suite 15, defect 8).
 * Instead our side ends after the answer, and what still comes is read and dropped until the body
 * ends, the client closes, or LINGER_MS or LINGER_BYTES is reached.
 */
export function lingerBeforeClosing(server: EventEmitter): void {
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    // Before Node's own "finish" listener, which dumps an unread body and closes the socket.
    res.prependOnceListener("finish", () => {
      if (!req.complete && saysClose(res)) discardRestThenClose(req, req.socket);
    });
  });
}

function discardRestThenClose(req: IncomingMessage, socket: Socket): void {
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  socket.once("close", () => {
    clearTimeout(timer);
  });
  // Ends our side once the answer is out (instead of destroying the socket): the client sees the
  // whole answer, then the end of the connection.
  socket.destroySoon = () => {
    socket.end();
  };

  // Whoever read the body has stopped (the route's stream, which would hold what came): the rest
  // flows through here and is dropped, counted.
  req.removeAllListeners("data");
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) close();
  });
  // Nothing left unread: closing now sends no reset.
  req.once("end", close);
  req.resume();
}
