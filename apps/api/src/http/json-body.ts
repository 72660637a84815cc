// Reads a JSON request body before the route's schema sees it, so that every way a body can be
// wrong is a 4xx with a message (decisions D1): wrong content type (415), nothing or not JSON
// (422), or a string holding U+0000, which PostgreSQL text cannot store (422).
import type { MiddlewareHandler } from "hono";
import { ApiError, ValidationError, type ValidationItem } from "../errors.js";

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export const NUL_MESSAGE = "Text cannot contain the NUL character (\\u0000)";

/** Paths of every string in `value` that contains U+0000. */
export function pathsOfNulStrings(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[][] {
  if (typeof value === "string") return value.includes("\u0000") ? [path] : [];
  if (Array.isArray(value))
    return value.flatMap((item, i) => pathsOfNulStrings(item, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => pathsOfNulStrings(item, [...path, key]));
  }
  return [];
}

/** Parses a JSON body, or throws the 422 that says why it cannot be read. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") {
    throw new ValidationError([
      { loc: ["body"], msg: "A JSON request body is required", type: "missing" },
    ]);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable";
    throw new ValidationError([
      { loc: ["body"], msg: `Request body is not valid JSON (${reason})`, type: "json_invalid" },
    ]);
  }
  const nul: ValidationItem[] = pathsOfNulStrings(body).map((path) => ({
    loc: ["body", ...path],
    msg: NUL_MESSAGE,
    type: "string_pattern_mismatch",
  }));
  if (nul.length > 0) throw new ValidationError(nul);
  return body;
}

export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && JSON_MEDIA_TYPE.test(header);
}

/** Route middleware for endpoints whose body is required JSON. */
export function jsonBody(): MiddlewareHandler {
  return async (c, next) => {
    if (!isJsonContentType(c.req.header("content-type"))) {
      throw new ApiError(415, "Content-Type must be application/json");
    }
    // The route's validator reads the same text again from Hono's body cache.
    parseJsonBody(await c.req.text());
    await next();
  };
}
