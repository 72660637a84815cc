// zod's issues as FastAPI's 422 items (decisions D1): `loc` says where the value came from, `msg`
// is the domain schema's own message, and `type` is the name Pydantic gives the same mistake.
import type { core } from "zod/mini";
import type { ValidationItem } from "./api-error.js";

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
