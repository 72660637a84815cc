// GET /health: readiness. 200 when the database answers, 503 when it does not (a load balancer
// stops sending traffic; the pool reconnects by itself when the database is back).
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { ApiError, isDatabaseUnavailable } from "../errors.js";
import { Health, errorResponses, json } from "../http/schemas.js";

export function healthRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const route = createRoute({
    method: "get",
    path: "/health",
    tags: ["health"],
    summary: "Readiness: the database is reachable",
    responses: {
      200: { description: "Ready", content: json(Health) },
      ...errorResponses.unavailable,
    },
  });
  app.openAPIRegistry.registerPath(route);
  app.get(route.path, async (c) => {
    try {
      await deps.database.ping();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) deps.logger.warn({ err: error }, "health check failed");
      throw new ApiError(503, "Database unavailable", { "Retry-After": "5" });
    }
    return c.json({ status: "ok" as const, database: deps.database.kind }, 200);
  });
  return app;
}
