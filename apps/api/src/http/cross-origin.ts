// CORS for exactly one origin, the web app's (architecture.md). Every header is set before the
// route runs, so that it goes into the route's own response as that is made. Hono's cors() sets
// them on a response that already exists, before and after the route, which makes
// @hono/node-server build a full Fetch Response for every answer: measured on GET /health, about
// 9,000-10,000 requests a second with it and 13,000-16,000 without (issue 7, BENCHMARKS.md).
import type { MiddlewareHandler } from "hono";

/** The methods and request headers the web app uses (PATCH and DELETE: issue 18's edits). */
const ALLOWED_METHODS = "GET,POST,PATCH,DELETE,OPTIONS";
const ALLOWED_HEADERS = "Authorization,Content-Type";
/** Answer headers the web app reads beyond the safelisted ones (a task's .ics file name: issue 19). */
const EXPOSED_HEADERS = "Content-Disposition";
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = 600;

export function crossOrigin(webOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    // Any other origin, "null" included, gets no CORS headers at all.
    if (c.req.header("origin") === webOrigin) {
      c.header("Access-Control-Allow-Origin", webOrigin);
      c.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
    c.header("Vary", "Origin");
    if (c.req.method !== "OPTIONS") {
      await next();
      return;
    }
    c.header("Vary", "Access-Control-Request-Headers", { append: true });
    c.header("Access-Control-Allow-Methods", ALLOWED_METHODS);
    c.header("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    c.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE));
    return c.body(null, 204);
  };
}
