// GET /health: readiness. 200 when the database answers, 503 when it does not (a load balancer
// stops sending traffic; the pool reconnects by itself when the database is back).
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { isDatabaseUnavailable } from "../errors/database-errors.js";
import { ok, publicRoutes } from "../http/route-group.js";
import { Health } from "../http/schemas.js";

export function healthRoutes(deps: AppDeps) {
  const routes = publicRoutes("health");
  routes.get(
    "/health",
    { summary: "Readiness: the database is reachable", answer: ok(Health, "Ready") },
    async () => {
      try {
        await deps.database.ping();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) deps.logger.warn({ err: error }, "health check failed");
        throw new ApiError(503, "Database unavailable", { "Retry-After": "5" });
      }
      return { status: "ok" as const, database: deps.database.kind };
    },
  );
  return routes.app;
}
