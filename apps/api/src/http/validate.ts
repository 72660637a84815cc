// Route middleware that checks a request's JSON body or query with a contract schema (zod/mini)
// and hands the handler the parsed value as `c.req.valid(target)`. A failure is FastAPI's 422
// naming every bad field (errors/validation-items.ts), as decisions D1 asks.
import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type * as z from "zod/mini";
import { ApiError, ValidationError } from "../errors/api-error.js";
import { sourceOfTarget, validationItems } from "../errors/validation-items.js";
import { isJsonContentType, parseJsonBody } from "./json-body.js";

/** What a route validates: its JSON body (read by json-body.ts first), query string or path. */
export type ValidationTarget = "json" | "query" | "param";

export function valid<Target extends ValidationTarget, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  // Hono's validator reads the value (a parameter given twice arrives as an array) and keeps
  // what this returns for `c.req.valid(target)`.
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new ValidationError(validationItems(result.error, sourceOfTarget(target), value));
    }
    return result.data;
  });
}

/**
 * The JSON body of a route whose body may be left out (POST /tasks/{task_id}/complete): nothing,
 * or only white space, is read as `{}`, whatever the content type says (the API client sends a
 * JSON content type with every POST); a body that is there is read and checked as json-body.ts
 * and `valid("json", ...)` do for a required one.
 */
export function optionalJsonBody(schema: z.ZodMiniType): MiddlewareHandler {
  return async (c, next) => {
    const text = await c.req.text();
    let value: unknown = {};
    if (text.trim() !== "") {
      if (!isJsonContentType(c.req.header("content-type"))) {
        throw new ApiError(415, "Content-Type must be application/json");
      }
      value = parseJsonBody(text);
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new ValidationError(validationItems(result.error, "body", value));
    }
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
}
