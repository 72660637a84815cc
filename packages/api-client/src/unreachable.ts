// No answer at all: fetch rejects with a TypeError when the network, or the API, is down, in each
// browser's own words ("Failed to fetch", "Load failed", "NetworkError when attempting to fetch
// resource."), and reading a body rejects with one when the connection drops halfway through it
// (undici's "terminated"). The client says it in the product's words instead; an abort, the
// caller's own, passes as it is. Not an ApiError: no answer came, or not a whole one, so a refresh
// that meets it keeps the session (session.ts ends it only on the API's refusal).
import { withBodyFailures } from "./body-failures.js";

export class UnreachableError extends Error {
  override name = "UnreachableError";
}

export const UNREACHABLE_MESSAGE = "Life Admin could not be reached: check your connection.";

function unreachable(error: unknown): unknown {
  return error instanceof TypeError
    ? new UnreachableError(UNREACHABLE_MESSAGE, { cause: error })
    : error;
}

/** `fetch`, its failures to reach the API, and to read the answer's body, as UnreachableError. */
export function reporting(
  fetch: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return (request) =>
    fetch(request).then(
      (response) => withBodyFailures(response, unreachable),
      (error: unknown) => {
        throw unreachable(error);
      },
    );
}
