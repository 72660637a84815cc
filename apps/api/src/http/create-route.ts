// spec 7's create routes share one shape: a signed-in user posts a JSON body and gets 201 with
// the created record. Each resource file says only what differs.
import { createRoute, type z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps.js";
import { jsonBody } from "./json-body.js";
import { errorResponses, json, jsonBodyErrors } from "./schemas.js";

interface CreateRouteOptions<Body extends z.ZodType, Result extends z.ZodType> {
  path: string;
  tag: string;
  summary: string;
  /** requireUser(deps.tokens) */
  auth: MiddlewareHandler<AppEnv>;
  body: Body;
  result: Result;
  /** Of the 201 response. */
  description: string;
}

export function createCreateRoute<Body extends z.ZodType, Result extends z.ZodType>(
  options: CreateRouteOptions<Body, Result>,
) {
  return createRoute({
    method: "post",
    path: options.path,
    tags: [options.tag],
    summary: options.summary,
    security: [{ bearerAuth: [] }],
    middleware: [options.auth, jsonBody()] as const,
    request: { body: { content: json(options.body), required: true } },
    responses: {
      201: { description: options.description, content: json(options.result) },
      ...errorResponses.unauthorized,
      ...jsonBodyErrors,
    },
  });
}
