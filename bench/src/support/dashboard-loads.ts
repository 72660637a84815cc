// People opening their dashboards (issue 23's bench): each person asks for the dashboard's
// requests in turn on a keep-alive connection of their own, each timed until its last byte and
// asking for gzip as a browser does; several people do so at the same moment. Paced, as people
// open the app, so that a latency shows what one dashboard waits for rather than a queue.
import { performance } from "node:perf_hooks";
import { Client } from "undici";

export interface DashboardRequest {
  /** How the report names it, e.g. "GET /tasks/?view=family". */
  label: string;
  path: string;
}

export interface Viewer {
  client: Client;
  token: string;
}

/** Each label's latencies (ms), one per dashboard opened. */
export type Latencies = Map<string, number[]>;

const sleep = (ms: number) =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

export const viewerOf = (apiUrl: string, token: string): Viewer => ({
  client: new Client(apiUrl, { pipelining: 1 }),
  token,
});

/** One GET as the dashboard asks it: the answer's bytes as sent (gzipped when `gzip`). */
export async function getAsViewer(viewer: Viewer, path: string, gzip = true): Promise<Buffer> {
  const answer = await viewer.client.request({
    method: "GET",
    path,
    headers: {
      Authorization: `Bearer ${viewer.token}`,
      "Accept-Encoding": gzip ? "gzip" : "identity",
    },
  });
  const body = Buffer.from(await answer.body.arrayBuffer());
  if (answer.statusCode !== 200) {
    throw new Error(`GET ${path} answered ${answer.statusCode}: ${body.toString()}`);
  }
  return body;
}

/** One person's dashboard: its requests in turn, each one's ms added to `into`. */
async function openDashboard(
  viewer: Viewer,
  requests: readonly DashboardRequest[],
  into: Latencies,
): Promise<void> {
  for (const request of requests) {
    const sent = performance.now();
    await getAsViewer(viewer, request.path);
    const ms = performance.now() - sent;
    into.set(request.label, [...(into.get(request.label) ?? []), ms]);
  }
}

/**
 * `times` moments, one every `everyMs` (at once when the last took longer), at each of which
 * `before()` runs untimed (a write that makes the kept answers stale, or nothing) and then every
 * viewer opens their dashboard at once.
 */
export async function openDashboards(
  viewers: readonly Viewer[],
  requests: readonly DashboardRequest[],
  options: { times: number; everyMs: number; before: () => Promise<void> },
): Promise<Latencies> {
  const latencies: Latencies = new Map();
  let due = performance.now();
  for (let n = 0; n < options.times; n += 1) {
    await sleep(due - performance.now());
    await options.before();
    await Promise.all(viewers.map((viewer) => openDashboard(viewer, requests, latencies)));
    due = Math.max(due + options.everyMs, performance.now());
  }
  return latencies;
}
