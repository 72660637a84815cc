// One HTTP request as the suites describe it, and what came back, over node:http: the path and
// query go on the wire exactly as written (no URL normalisation), a body (text or bytes) is sent
// with a Content-Length or chunked without one, and an answer that arrives before the whole body
// was sent (a 413 or 415 decided early) is still read, as a careful client would.
import { request as httpRequest, Agent } from "node:http";

export interface OutgoingRequest {
  method: string;
  path: string;
  /** The raw query string without "?", exactly as it goes on the wire ("" for none). */
  query: string;
  headers: [string, string][];
  body: { text: string; chunked: boolean } | null;
}

export interface Exchange {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when the answer says it is JSON. */
  json: { value: unknown } | { error: string } | null;
  ms: number;
}

// An idle socket is kept for a second at most: the API closes one idle for five (Node's
// keepAliveTimeout), and a request written on a socket the server is closing meets ECONNRESET
// (suite 6 failed so on a machine at load 15, its first request reusing a socket idle for seconds).
const agent = new Agent({ keepAlive: true, maxSockets: 16, timeout: 1000 });
const CHUNK_BYTES = 8 * 1024;

function parseJsonAnswer(headers: Headers, text: string): Exchange["json"] {
  if (!/^application\/(?:[\w.+-]+\+)?json/i.test(headers.get("content-type") ?? "")) return null;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A request whose body is bytes (an upload's form) rather than text. */
export interface OutgoingBytes extends Omit<OutgoingRequest, "body"> {
  body: { bytes: Uint8Array; chunked: boolean } | null;
}

export function exchange(baseUrl: string, request: OutgoingRequest): Promise<Exchange> {
  const { body, ...rest } = request;
  return exchangeBytes(baseUrl, {
    ...rest,
    body: body === null ? null : { bytes: Buffer.from(body.text, "utf8"), chunked: body.chunked },
  });
}

/** Thrown when a kept-alive socket turned out closed before any answer came on it. */
class StaleSocket extends Error {}

export async function exchangeBytes(baseUrl: string, request: OutgoingBytes): Promise<Exchange> {
  try {
    return await sendOnce(baseUrl, request);
  } catch (error) {
    // Node's own advice for keep-alive clients (http.ClientRequest's reusedSocket): a request
    // written on a reused socket the server closed as it went idle met ECONNRESET before the
    // server read it, so it is sent again, once, on a fresh socket. Suite 6 met this on a machine
    // at load 15 with the agent's one-second idle limit already in place.
    if (!(error instanceof StaleSocket)) throw error;
    return sendOnce(baseUrl, request);
  }
}

function sendOnce(baseUrl: string, request: OutgoingBytes): Promise<Exchange> {
  const base = new URL(baseUrl);
  const bytes = request.body === null ? null : request.body.bytes;
  // Raw header pairs keep repeats and order, but then node:http adds no Host of its own.
  const headers: [string, string][] = [["Host", base.host], ...request.headers];
  if (bytes !== null && request.body?.chunked !== true) {
    headers.push(["Content-Length", String(bytes.length)]);
  }
  // Said outright: node:http chunks a body without a length by itself only for methods that
  // usually carry one, and would write a DELETE's (DELETE /users/me takes one) unframed.
  const saysChunked = headers.some(([name]) => name.toLowerCase() === "transfer-encoding");
  if (bytes !== null && request.body?.chunked === true && !saysChunked) {
    headers.push(["Transfer-Encoding", "chunked"]);
  }
  const started = performance.now();
  return new Promise<Exchange>((resolve, reject) => {
    let answered = false;
    const req = httpRequest({
      agent,
      host: base.hostname,
      port: base.port,
      method: request.method,
      path: `${request.path}${request.query === "" ? "" : `?${request.query}`}`,
      headers: headers.flat(),
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, v);
        }
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({
          status: res.statusCode ?? 0,
          headers: answerHeaders,
          text,
          json: parseJsonAnswer(answerHeaders, text),
          ms: performance.now() - started,
        });
      });
    });
    // Writing after the server has answered and closed fails; the answer is what counts.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      const stale = req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      reject(stale ? new StaleSocket(error.message, { cause: error }) : error);
    });
    if (bytes === null) {
      req.end();
      return;
    }
    if (request.body?.chunked !== true) {
      req.end(bytes);
      return;
    }
    let offset = 0;
    const writeNext = () => {
      while (offset < bytes.length) {
        const piece = bytes.subarray(offset, offset + CHUNK_BYTES);
        offset += CHUNK_BYTES;
        if (!req.write(piece)) {
          req.once("drain", writeNext);
          return;
        }
      }
      req.end();
    };
    writeNext();
  });
}

/** A short description of a request for failure messages (bodies cut to a readable length). */
export function describeRequest(request: OutgoingRequest): string {
  const query = request.query === "" ? "" : `?${request.query.slice(0, 200)}`;
  const headers = request.headers.map(([k, v]) => `${k}: ${v.slice(0, 80)}`).join(" | ");
  const body =
    request.body === null
      ? ""
      : ` body(${request.body.text.length}${request.body.chunked ? ", chunked" : ""})=${JSON.stringify(request.body.text.slice(0, 300))}`;
  return `${request.method} ${request.path}${query} [${headers}]${body}`;
}
