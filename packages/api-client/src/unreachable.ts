// No answer at all: fetch rejects with a TypeError when the network, or the API, is down, in each
// browser's own words ("Failed to fetch", "Load failed", "NetworkError when attempting to fetch
// resource."). The client says it in the product's words instead; an abort, the caller's own,
// passes as it is. Not an ApiError: nothing was answered, so a refresh that meets it keeps the
// session (session.ts ends it only on the API's refusal).
export class UnreachableError extends Error {
  override name = "UnreachableError";
}

export const UNREACHABLE_MESSAGE = "Life Admin could not be reached: check your connection.";

/** `fetch`, its failures to reach the API thrown as UnreachableError. */
export function reporting(
  fetch: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return (request) =>
    fetch(request).catch((error: unknown) => {
      throw error instanceof TypeError
        ? new UnreachableError(UNREACHABLE_MESSAGE, { cause: error })
        : error;
    });
}
