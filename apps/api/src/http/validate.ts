// Route middleware that checks a request's JSON body or query with a contract schema (zod/mini)
// and hands the handler the parsed value as `c.req.valid(target)`. A failure is FastAPI's 422
// naming every bad field (errors/validation-items.ts), as decisions D1 asks.
import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type * as z from "zod/mini";
import { ApiError, ValidationError } from "../errors/api-error.js";
import { sourceOfTarget, validationItems } from "../errors/validation-items.js";
import { isJsonContentType, parseJsonBody } from "./json-body.js";

/** What a route validates: its JSON body (validJsonBody), query string or path. */
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
 * A route's JSON body, read once and checked with `schema`: the wrong content type is a 415, and
 * nothing, JSON that does not parse or text PostgreSQL cannot store a 422 (json-body.ts); the
 * parsed value goes to the handler as `c.req.valid("json")`. With `optional` (POST
 * /tasks/{task_id}/complete), nothing or only white space is read as `{}`, whatever the content
 * type says (the API client sends a JSON content type with every POST). The text is parsed once,
 * here: Hono's own JSON validator would parse it again through a Fetch Response.
 */
export function validJsonBody(
  schema: z.ZodMiniType,
  { optional }: { optional: boolean },
): MiddlewareHandler {
  const requireJsonType = (c: Context) => {
    if (!isJsonContentType(c.req.header("content-type"))) {
      throw new ApiError(415, "Content-Type must be application/json");
    }
  };
  return async (c, next) => {
    let value: unknown = {};
    if (optional) {
      const text = await c.req.text();
      if (text.trim() !== "") {
        requireJsonType(c);
        value = parseJsonBody(text);
      }
    } else {
      requireJsonType(c);
      value = parseJsonBody(await c.req.text());
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new ValidationError(validationItems(result.error, "body", value));
    }
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
}
