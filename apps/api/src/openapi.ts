// The OpenAPI 3.1 document, generated from the routes and the contract's schemas. `pnpm generate`
// writes it to packages/api-client/openapi.json; GET /openapi.json serves the same document.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env.js";
import { componentSchemas } from "./http/json-schema.js";
import { ADDRESS_LIMITED_ROUTES } from "./http/rate-limits.js";
import { COMPONENTS, errorResponses } from "./http/schemas.js";

export const OPENAPI_DOCUMENT_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Life Admin API",
    version: "0.1.0",
    description:
      "Tasks, subscriptions and the signed-in user (spec 7). Errors have FastAPI's shape: " +
      '{"detail": "..."}, or 422 {"detail": [{"loc", "msg", "type"}]}.',
  },
} as const;

/** The bearer scheme and the contract's named schemas, which the routes refer to by `$ref`. */
export function registerComponents(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The access_token of a token set (60 minutes)",
  });
  for (const [name, schema] of Object.entries(componentSchemas(COMPONENTS))) {
    app.openAPIRegistry.registerComponent("schemas", name, schema);
  }
}

export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  const document = app.getOpenAPI31Document(OPENAPI_DOCUMENT_CONFIG);
  // Answered by middleware that app.ts mounts on these routes, rather than by the routes.
  for (const { method, path } of ADDRESS_LIMITED_ROUTES) {
    const operation = document.paths?.[path]?.[method.toLowerCase() as "get" | "post"];
    if (operation === undefined) continue;
    operation.responses = { ...operation.responses, ...errorResponses.tooManyRequests };
  }
  return document;
}
