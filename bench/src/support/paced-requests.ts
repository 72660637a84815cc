// Requests at a steady pace, as a person's screens ask, rather than as fast as answered: one
// keep-alive connection sending a request every `everyMs` (at once when the last took longer),
// so that the API is idle between them and a latency shows what one request waits for.
import { performance } from "node:perf_hooks";
import { Client } from "undici";
import { type ClosedLoopFigures, type LoopRequest, latencyFigures } from "./closed-loops.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Figures as runClosedLoops gives them (latencyFigures); throws on an answer that is not 2xx. */
export async function runPacedRequests(
  baseUrl: string,
  request: LoopRequest,
  options: { everyMs: number; seconds: number },
): Promise<ClosedLoopFigures> {
  const client = new Client(baseUrl, { pipelining: 1 });
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + options.seconds * 1000;
  try {
    for (let due = started; due < end; due = Math.max(due + options.everyMs, performance.now())) {
      await sleep(due - performance.now());
      const sent = performance.now();
      const answer = await client.request({ ...request, body: request.body ?? null });
      await answer.body.dump();
      latencies.push(performance.now() - sent);
      if (answer.statusCode < 200 || answer.statusCode >= 300) {
        throw new Error(`${request.method} ${request.path} answered ${answer.statusCode}`);
      }
    }
  } finally {
    await client.destroy();
  }
  latencies.sort((a, b) => a - b);
  return latencyFigures(latencies, (performance.now() - started) / 1000);
}
