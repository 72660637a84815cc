// The one place that turns every failure into FastAPI's body (decisions D1): {"detail": "text"},
// or 422 {"detail": [{"loc": [...], "msg": "...", "type": "..."}]}. A client mistake is a 4xx
// with a message; only our own faults are a 500, and those are logged.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { core } from "zod/mini";
import type { Logger } from "./logger.js";

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A failure with a status and a message for the caller. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

/** 401 with the challenge RFC 6750 asks for. */
export class UnauthorizedError extends ApiError {
  constructor(detail: string) {
    super(401, detail, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    this.name = "UnauthorizedError";
  }
}

/** 422 naming each bad field. */
export class ValidationError extends Error {
  constructor(readonly items: ValidationItem[]) {
    super(items.map((i) => `${i.loc.join(".")}: ${i.msg}`).join("; "));
    this.name = "ValidationError";
  }
}

/** Where a value came from, as FastAPI names it in `loc`. */
export type ValidationSource = "body" | "query" | "path" | "header";

export function sourceOfTarget(target: string): ValidationSource {
  switch (target) {
    case "query":
      return "query";
    case "param":
      return "path";
    case "header":
      return "header";
    default:
      return "body";
  }
}

type ZodIssue = core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Pydantic's error types, so callers that know FastAPI see familiar values. */
function issueType(issue: ZodIssue, input: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      return valueAt(input, issue.path) === undefined ? "missing" : `${issue.expected}_type`;
    case "too_small":
      return issue.origin === "string" ? "string_too_short" : "greater_than_equal";
    case "too_big":
      return issue.origin === "string" ? "string_too_long" : "less_than_equal";
    case "invalid_value":
      return "enum";
    case "invalid_format":
      return issue.format === "date" || issue.format === "datetime"
        ? `${issue.format}_parsing`
        : "string_pattern_mismatch";
    case "not_multiple_of":
      return "multiple_of";
    case "unrecognized_keys":
      return "extra_forbidden";
    case "invalid_union":
      return "union_error";
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return "value_error";
  }
}

/**
 * zod issues as FastAPI's 422 items, each message as the domain schema wrote it. `input` is the
 * value that was validated (to tell a missing field from one of the wrong type).
 */
export function validationItems(
  error: core.$ZodError,
  source: ValidationSource,
  input: unknown,
): ValidationItem[] {
  return error.issues.map((issue) => ({
    loc: [source, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issueType(issue, input),
  }));
}

function errorCodes(error: unknown): { code?: string; message: string }[] {
  const chain: { code?: string; message: string }[] = [];
  let current: unknown = error;
  // Drizzle wraps the driver's error (`cause`); look through the whole chain.
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    chain.push({ message: current.message, ...(typeof code === "string" ? { code } : {}) });
    current = current.cause;
  }
  return chain;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "57014", // query_canceled (statement_timeout)
  "53300", // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
];

/** The database cannot be reached or did not answer in time: 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some(
    ({ code, message }) =>
      (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) ||
      UNAVAILABLE_MESSAGES.some((m) => message.includes(m)),
  );
}

/**
 * PostgreSQL refused a value (class 22: out of range, bad encoding; 23514: a check): the
 * request's data, so a 422. Validation should catch these first; this is the safety net.
 */
export function isDataException(error: unknown): boolean {
  return errorCodes(error).some(
    ({ code }) => code !== undefined && (code.startsWith("22") || code === "23514"),
  );
}

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
  logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
  return c.json(detailBody("Internal Server Error"), 500);
}
