// Load as many people make it: `loops` closed loops at once, each its own person on its own
// keep-alive connection, each sending its next request as soon as its last was answered. (One
// autocannon run cannot give each connection its own user: its per-request context is reset
// between requests.) Latencies are kept whole, so the percentiles are exact.
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import type { LoadFigures } from "./load.js";

export interface LoopRequest {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one loop sends next; `n` counts that loop's requests from 0. */
export type NextRequest = (n: number) => LoopRequest;

function send(baseUrl: URL, agent: Agent, next: LoopRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        agent,
        method: next.method,
        path: next.path,
        headers:
          next.body === undefined
            ? next.headers
            : { ...next.headers, "Content-Length": Buffer.byteLength(next.body) },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => {
          resolve(answer.statusCode ?? 0);
        });
        answer.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(next.body);
  });
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/**
 * Runs every loop for `seconds`; throws when any answer was not 2xx. Figures as autocannon's:
 * answers per second, p50 and p99 in whole milliseconds.
 */
export async function runClosedLoops(
  baseUrl: string,
  loops: readonly NextRequest[],
  seconds: number,
): Promise<LoadFigures> {
  const base = new URL(baseUrl);
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const agents: Agent[] = [];
  try {
    await Promise.all(
      loops.map(async (next) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        for (let n = 0; performance.now() < end; n += 1) {
          const outgoing = next(n);
          const sent = performance.now();
          const status = await send(base, agent, outgoing);
          latencies.push(performance.now() - sent);
          if (status < 200 || status >= 300) {
            throw new Error(`${outgoing.method} ${outgoing.path} answered ${status}`);
          }
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p99Ms: Math.round(percentile(latencies, 0.99)),
  };
}
