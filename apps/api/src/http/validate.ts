// Route middleware that checks a request's JSON body or query with a contract schema (zod/mini)
// and hands the handler the parsed value as `c.req.valid(target)`. A failure is FastAPI's 422
// naming every bad field (errors/validation-items.ts), as decisions D1 asks.
import { validator } from "hono/validator";
import type * as z from "zod/mini";
import { ValidationError } from "../errors/api-error.js";
import { sourceOfTarget, validationItems } from "../errors/validation-items.js";

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
