// spec 7's create routes share one shape: a signed-in user posts a JSON body and gets 201 with
// the created record. Each resource file says only what differs. This is the route's document;
// the resource registers it and validates the body with the same schema (validate.ts).
import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod/mini";
import { errorResponses, json, jsonBodyErrors } from "./schemas.js";

interface CreateRouteOptions {
  path: string;
  tag: string;
  summary: string;
  body: z.ZodMiniType;
  result: z.ZodMiniType;
  /** Of the 201 response. */
  description: string;
}

export function createCreateRoute(options: CreateRouteOptions) {
  return createRoute({
    method: "post",
    path: options.path,
    tags: [options.tag],
    summary: options.summary,
    security: [{ bearerAuth: [] }],
    request: { body: { content: json(options.body), required: true } },
    responses: {
      201: { description: options.description, content: json(options.result) },
      ...errorResponses.unauthorized,
      ...jsonBodyErrors,
    },
  });
}
