// The one place that turns every failure into FastAPI's body (decisions D1): {"detail": "text"},
// or 422 {"detail": [{"loc": [...], "msg": "...", "type": "..."}]}. A client mistake is a 4xx
// with a message; only our own faults are a 500, and those are logged.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "../logger.js";
import { ApiError, UnauthorizedError, ValidationError, type ValidationItem } from "./api-error.js";
import { isDataException, isDatabaseUnavailable, isOwnerGone } from "./database-errors.js";

export function detailBody(detail: string | ValidationItem[]) {
  return { detail };
}

/** Hono's onError: every thrown failure becomes its FastAPI-shaped response. */
export function errorResponse(error: Error, c: Context, logger: Logger): Response {
  if (error instanceof ApiError) {
    return c.json(detailBody(error.detail), error.status, error.headers);
  }
  if (error instanceof ValidationError) {
    return c.json(detailBody(error.items), 422);
  }
  if (error instanceof HTTPException) {
    const response = error.getResponse();
    const detail = error.message || response.statusText || "Error";
    return c.json(detailBody(detail), error.status);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, "database unavailable");
    return c.json(
      detailBody("Service temporarily unavailable: the database cannot be reached"),
      503,
      {
        "Retry-After": "5",
      },
    );
  }
  if (isDataException(error)) {
    logger.info({ err: error }, "database refused a value");
    return c.json(
      detailBody([
        { loc: ["body"], msg: "A value is outside what can be stored", type: "value_error" },
      ]),
      422,
    );
  }
  if (isOwnerGone(error)) {
    const ended = new UnauthorizedError("This sign-in has ended; please sign in again");
    return c.json(detailBody(ended.detail), ended.status, ended.headers);
  }
  logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
  return c.json(detailBody("Internal Server Error"), 500);
}
