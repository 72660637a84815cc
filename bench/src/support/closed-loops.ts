// Load as many people make it: `loops` closed loops at once, each its own person on its own
// keep-alive connection, each sending its next request as soon as its last was answered. (One
// autocannon run cannot give each connection its own user: its per-request context is reset
// between requests.) Latencies are kept whole, so the percentiles are exact.
//
// Each connection is an undici Client: the load shares the machine's two cores with the API and
// the database, and node:http's client took about 110 µs of CPU per request, undici's about
// half (issue 18). The writes held against pgbench, whose client is C, are sent by wrk instead
// (wrk-loops.ts), from the same NextRequests.
import { performance } from "node:perf_hooks";
import { Client } from "undici";
import type { LoadFigures } from "./load.js";

export interface LoopRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one loop sends next; `n` counts that loop's requests from 0. */
export type NextRequest = (n: number) => LoopRequest;

async function send(client: Client, next: LoopRequest): Promise<number> {
  const answer = await client.request({
    method: next.method,
    path: next.path,
    headers: next.headers,
    body: next.body ?? null,
  });
  await answer.body.dump();
  return answer.statusCode;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** Autocannon's figures, and p95 (the reminders section quotes it). */
export type ClosedLoopFigures = LoadFigures & { p95Ms: number };

/** A tenth of a millisecond: whole ones made a p99 of 2 against 5 ms a ratio of 2.5 or 1.7. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** Answers per second, and p50, p95 and p99 in milliseconds to a tenth, of sorted latencies. */
export function latencyFigures(sorted: readonly number[], seconds: number): ClosedLoopFigures {
  return {
    rps: sorted.length / seconds,
    p50Ms: tenths(percentile(sorted, 0.5)),
    p95Ms: tenths(percentile(sorted, 0.95)),
    p99Ms: tenths(percentile(sorted, 0.99)),
  };
}

/**
 * Runs every loop for `seconds`; throws when an answer is not `expected` (2xx by default; a
 * calendar app's poll expects 304). Figures by latencyFigures.
 */
export async function runClosedLoops(
  baseUrl: string,
  loops: readonly NextRequest[],
  seconds: number,
  expected: (status: number) => boolean = isSuccess,
): Promise<ClosedLoopFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const clients: Client[] = [];
  try {
    await Promise.all(
      loops.map(async (next) => {
        const client = new Client(baseUrl, { pipelining: 1 });
        clients.push(client);
        for (let n = 0; performance.now() < end; n += 1) {
          const outgoing = next(n);
          const sent = performance.now();
          const status = await send(client, outgoing);
          latencies.push(performance.now() - sent);
          if (!expected(status)) {
            throw new Error(`${outgoing.method} ${outgoing.path} answered ${status}`);
          }
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.destroy()));
  }
  latencies.sort((a, b) => a - b);
  return latencyFigures(latencies, (performance.now() - started) / 1000);
}
