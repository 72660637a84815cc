// HTTP load with autocannon: a fixed number of connections, no pipelining, for a while; the
// figures a round yields; and a process's resident memory sampled while it lasts.
import autocannon from "autocannon";

/** The load every API figure is measured under: connections at once, and a warm-up per target. */
export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 3;

export interface LoadTarget {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  /** Requests answered per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadOptions {
  connections: number;
  /** Seconds (or use `amount`). */
  duration?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
}

/** Runs the load; throws when any answer was not 2xx or a connection failed. */
export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: options.connections,
    pipelining: 1,
    ...(options.amount === undefined
      ? { duration: options.duration ?? 5 }
      : { amount: options.amount }),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${target.method} ${target.url}: ${result.non2xx} answers not 2xx and ${result.errors} ` +
        `connection errors in ${result.requests.total} requests`,
    );
  }
  return {
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/**
 * Samples a process's resident memory (`rss`, e.g. ApiProcess.rss) every `everyMs` while `work`
 * runs; the work's result and the peak.
 */
export async function withPeakRss<T>(
  rss: () => number,
  work: () => Promise<T>,
  everyMs = 50,
): Promise<{ result: T; peakRss: number }> {
  let peakRss = rss();
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, rss());
  }, everyMs);
  try {
    const result = await work();
    peakRss = Math.max(peakRss, rss());
    return { result, peakRss };
  } finally {
    clearInterval(timer);
  }
}
