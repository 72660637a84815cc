// One structured log line per request: method, path, status, duration. The path is Hono's
// `c.req.path`, which never includes the query string, so tokens passed in a query
// (`/auth/refresh?refresh_token=`, decisions D3) are never written, and a token in the path (a
// calendar feed's) is replaced; headers are not logged.
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.js";

/**
 * The path as logged: a calendar feed's token is its only key (issue 19) and is never written;
 * `/calendar/{token}.ics` stands in for it.
 */
export function loggedPath(path: string): string {
  return /^\/calendar\/[^/]+\.ics$/.test(path) ? "/calendar/{token}.ics" : path;
}

export function requestLog(logger: Logger): MiddlewareHandler {
  // The line is these four fields and nothing else, none of them secret: it skips the logger's
  // redaction pass, which other logs keep (about 2 µs a line, a twentieth of a cached list's
  // answer; BENCHMARKS.md).
  const lines = logger.child({}, { redact: { paths: [] } });
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) lines.error(line, "request");
    else lines.info(line, "request");
  };
}
