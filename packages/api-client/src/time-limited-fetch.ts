// `@life-admin/api-client/timeout`: fetch has no time limit of its own, so a script against an API
// that accepts the connection and never answers waits forever. `timeLimitedFetch(ms)`, given to
// the client as its `fetch`, gives up each request it sends (a call, the refresh it may need, the
// retry after it) after that long, the answer's body included, with a RequestTimeoutError: not
// an ApiError (nothing was answered, so a refresh that meets one keeps the session, as session.ts
// keeps it for an UnreachableError), and not an UnreachableError (the API was reached: it is slow
// or stuck, not down). An entry point of its own: the web app sets no limit, and its first
// download (issue 7's budget) does not carry this.
import { withBodyFailures } from "./body-failures.js";

export class RequestTimeoutError extends Error {
  override name = "RequestTimeoutError";
  /** The limit that was reached, in milliseconds. */
  readonly timeoutMs: number;

  constructor(request: Request, timeoutMs: number, cause: unknown) {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    super(`Life Admin did not answer ${route} within ${timeoutMs} ms.`, { cause });
    this.timeoutMs = timeoutMs;
  }
}

type Fetch = (request: Request) => Promise<Response>;
/** A fetch that honours `init.signal`, as the global one does. */
type SignalledFetch = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

/**
 * `fetch` (default: the global one), each request given up after `timeoutMs`, a whole number of
 * milliseconds above 0 (checked here, not at the first request). A request's own signal is still
 * honoured: its abort is passed on as it is. A `fetch` given must honour `init.signal`.
 */
export function timeLimitedFetch(
  timeoutMs: number,
  // Called as a plain function: browsers refuse `fetch` called on another object.
  fetch: SignalledFetch = (request, init) => globalThis.fetch(request, init),
): Fetch {
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(
      `timeoutMs must be a whole number of milliseconds above 0; it was ${String(timeoutMs)}`,
    );
  }
  return async (request) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
    const timedOut = (error: unknown) =>
      timeout.aborted && !request.signal.aborted
        ? new RequestTimeoutError(request, timeoutMs, error)
        : error;
    try {
      // The signal goes to fetch itself, not on a copy of the request: Node's fetch (undici 7)
      // links a copy's signal to its source's through a weak reference, so a garbage collection
      // while the request waits dropped the copy and the limit never fired (nodejs/undici#4068).
      // The limit still runs while the body streams in, after fetch has returned.
      return withBodyFailures(await fetch(request, { signal }), timedOut);
    } catch (error) {
      throw timedOut(error);
    }
  };
}
