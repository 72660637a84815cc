// The Node HTTP server's own limits, and its answers to requests that never reach the app
// (headers too large, a request that is not HTTP): FastAPI's shape and the security headers
// there too (decisions D1, D3), instead of Node's bare status line.
import type { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

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

/** For http.createServer (or @hono/node-server's `serverOptions`). */
export const NODE_SERVER_OPTIONS = { maxHeaderSize: MAX_HEADER_BYTES };

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
