// A body streams in after fetch has resolved, so what goes wrong while it does (the connection
// dropped, a time limit reached) is no rejection of fetch: it surfaces to whoever reads the body
// (openapi-fetch, the middleware). The wrappers of fetch map it here as they map fetch's own.

/**
 * The statuses whose answer has no body (Fetch's "null body status"): a Response with one of them
 * cannot be made with a body, even an empty one, and Chromium gives a 204 an empty stream as its
 * body, not null.
 */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** The answer, its body's failures passed through `map`. */
export function withBodyFailures(response: Response, map: (error: unknown) => unknown): Response {
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(map(error));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}
