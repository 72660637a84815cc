// A flood of GET requests from one loopback address, generated in a worker thread
// (flood-worker.mjs) so that what a suite measures meanwhile on its own thread is not queued
// behind the flood's answers. Suite 11 floods the sign-in start with it.
import { once } from "node:events";
import { Worker } from "node:worker_threads";

export interface FloodOptions {
  /** Each connection sends to one of these in turn (worker i to urls[i % urls.length]). */
  urls: string[];
  /** The flood stops after this long, or after maxRequests, whichever comes first. */
  durationMs: number;
  maxRequests: number;
  concurrency: number;
  /** The client address (any of 127.0.0.0/8). */
  localAddress: string;
}

export interface FloodResult {
  /** Requests sent (and answered). */
  requests: number;
  /** How many answers of each status. */
  statuses: Record<string, number>;
  /** The Retry-After values of the 429s (whole seconds), and how many 429s had none. */
  retryAfter: { min: number; max: number; missing: number };
  ms: number;
}

export async function flood(options: FloodOptions): Promise<FloodResult> {
  const worker = new Worker(new URL("./flood-worker.mjs", import.meta.url), {
    workerData: options,
  });
  const [result] = (await once(worker, "message")) as [FloodResult];
  await worker.terminate();
  return result;
}
