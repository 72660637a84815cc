// The load generator of suite 11's flood (flood.ts starts it): GET requests to the given URLs,
// `concurrency` at a time over keep-alive connections from one loopback address, for
// `durationMs` or `maxRequests` requests, whichever comes first, in a worker thread, so that the
// suite's own /health probe on the main thread is not queued behind the flood's answers. Posts
// back how many of each status, the Retry-After values seen and the time taken.
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { urls, durationMs, maxRequests, concurrency, localAddress } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency, localAddress });
const statuses = {};
const retryAfter = { min: Infinity, max: -Infinity, missing: 0 };

function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode === 429) {
          const seconds = Number(res.headers["retry-after"]);
          if (Number.isInteger(seconds)) {
            retryAfter.min = Math.min(retryAfter.min, seconds);
            retryAfter.max = Math.max(retryAfter.max, seconds);
          } else {
            retryAfter.missing += 1;
          }
        }
        resolve();
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const started = performance.now();
const goOn = () => sent < maxRequests && performance.now() - started < durationMs;
let sent = 0;
await Promise.all(
  Array.from({ length: concurrency }, async (_, worker) => {
    const url = urls[worker % urls.length];
    while (goOn()) {
      sent += 1;
      await get(url);
    }
  }),
);
agent.destroy();
parentPort.postMessage({ requests: sent, statuses, retryAfter, ms: performance.now() - started });
