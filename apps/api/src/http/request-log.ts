// One structured log line per request: method, path, status, duration. The path is Hono's
// `c.req.path`, which never includes the query string, so tokens passed in a query
// (`/auth/refresh?refresh_token=`, decisions D3) are never written; headers are not logged.
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.js";

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      method: c.req.method,
      path: c.req.path,
      status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  };
}
