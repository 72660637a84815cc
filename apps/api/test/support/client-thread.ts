// Test support: requests sent by a client on a thread of its own, as a browser is a process of its
// own. Its event loop runs beside the server's, so it may be writing the next piece of a body at
// the moment the server answers and closes; a client in the server's own thread never is, and
// never sees what a real one may (a reset instead of the answer: RELIABILITY.md, suite 15).
import { Worker } from "node:worker_threads";

export interface ThreadRequests {
  /** POSTed to, `times` times, one request after another. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  times: number;
}

/** What the client saw of one request: the answer, or the error it got instead. */
export type ClientOutcome =
  { chunked: boolean; status: number; body: string } | { chunked: boolean; error: string };

// CommonJS for `eval`: the thread is not run through vitest's transform. Every other request is
// chunked, the others have a Content-Length; both send the body in 8 KiB pieces as fast as the
// connection takes them, as a browser reads a file and sends it. Like a browser, the client reads
// an answer that comes before the body's end, and ignores writes that fail after it.
const CLIENT = `
const { request } = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { url, headers, times } = workerData;
const body = Buffer.from(workerData.body);
function send(chunked) {
  return new Promise((resolve) => {
    const length = chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(body.length) };
    const req = request(url, { method: "POST", agent: false, headers: { ...headers, ...length } });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => { text += chunk; });
      res.on("end", () => resolve({ chunked, status: res.statusCode, body: text }));
      res.on("error", (error) => resolve({ chunked, error: "in the answer: " + (error.code || error.message) }));
    });
    req.on("error", (error) => { if (!answered) resolve({ chunked, error: error.code || error.message }); });
    let offset = 0;
    const next = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 8 * 1024);
        offset += piece.length;
        if (!req.write(piece)) { req.once("drain", next); return; }
      }
      req.end();
    };
    next();
  });
}
(async () => {
  const outcomes = [];
  for (let i = 0; i < times; i += 1) outcomes.push(await send(i % 2 === 1));
  parentPort.postMessage(outcomes);
})();
`;

/** POSTs `body` as asked, from another thread, and what each request got. */
export function postFromAnotherThread(requests: ThreadRequests): Promise<ClientOutcome[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: requests });
    worker.once("message", (outcomes: ClientOutcome[]) => {
      resolve(outcomes);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
