// The contract's named schemas: the domain's zod schemas (never redefined here) given the names
// they carry in /openapi.json, plus FastAPI's two error bodies. Domain schemas are named with
// zod's own `.meta({ id })`: they may be created before @hono/zod-openapi adds `.openapi()`.
import { z } from "@hono/zod-openapi";
import {
  FrequencySchema,
  PrioritySchema,
  SubscriptionCreateSchema,
  SubscriptionSchema,
  TaskCreateSchema,
  TaskSchema,
  TokenSetSchema,
  UserSchema,
} from "@life-admin/domain";

export const Task = TaskSchema.meta({ id: "Task" });
export const TaskCreate = TaskCreateSchema.meta({ id: "TaskCreate" });
export const Subscription = SubscriptionSchema.meta({ id: "Subscription" });
export const SubscriptionCreate = SubscriptionCreateSchema.meta({ id: "SubscriptionCreate" });
export const User = UserSchema.meta({ id: "User" });
export const TokenSet = TokenSetSchema.meta({ id: "TokenSet" });
export const Frequency = FrequencySchema.meta({ id: "Frequency" });
export const Priority = PrioritySchema.meta({ id: "Priority" });

export const HttpError = z
  .object({ detail: z.string().openapi({ example: "Not Found" }) })
  .openapi("HTTPError");

export const ValidationErrorItem = z
  .object({
    loc: z.array(z.union([z.string(), z.number().int()])).openapi({ example: ["body", "cost"] }),
    msg: z.string().openapi({ example: "Cost cannot be negative" }),
    type: z.string().openapi({ example: "greater_than_equal" }),
  })
  .openapi("ValidationError");

export const HttpValidationError = z
  .object({ detail: z.array(ValidationErrorItem) })
  .openapi("HTTPValidationError");

export const RefreshRequest = z
  .object({ refresh_token: z.string().min(1) })
  .openapi("RefreshRequest");

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

/** Responses routes may give, described once. */
export const errorResponses = {
  unauthorized: {
    401: { description: "Missing, invalid or expired token", content: json(HttpError) },
  },
  validation: {
    422: { description: "A field is missing or invalid", content: json(HttpValidationError) },
  },
  unavailable: { 503: { description: "The database cannot be reached", content: json(HttpError) } },
} as const;

/** What a route that reads a JSON body may also answer (on top of its own responses). */
export const jsonBodyErrors = {
  413: { description: "The body is over 64 KiB", content: json(HttpError) },
  415: { description: "The body is not JSON", content: json(HttpError) },
  ...errorResponses.validation,
  ...errorResponses.unavailable,
} as const;

export { json };
