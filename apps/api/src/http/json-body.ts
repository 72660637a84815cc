// Reads a JSON request body before the route's schema sees it, so that every way a body can be
// wrong is a 4xx with a message (decisions D1): wrong content type (415), nothing or not JSON
// (422), or a string PostgreSQL text cannot store as sent: U+0000 or a lone surrogate (422).
import { ValidationError, type ValidationItem } from "../errors/api-error.js";

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export const NUL_MESSAGE = "Text cannot contain the NUL character (\\u0000)";
export const LONE_SURROGATE_MESSAGE =
  "Text must be valid Unicode: it contains half of a surrogate pair (\\ud800-\\udfff)";

// A surrogate code unit that is not half of a pair (the u flag reads pairs as one code point).
const LONE_SURROGATE = /\p{Surrogate}/u;

/** A value met while walking a body, and how it was reached (paths are built only when needed). */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) {
    path.unshift(at.key);
  }
  return path;
}

function problemOf(text: string): Pick<ValidationItem, "msg" | "type"> | null {
  if (text.includes("\u0000")) return { msg: NUL_MESSAGE, type: "string_pattern_mismatch" };
  if (LONE_SURROGATE.test(text)) return { msg: LONE_SURROGATE_MESSAGE, type: "string_unicode" };
  return null;
}

/**
 * Every string in `value` that PostgreSQL text cannot store as sent: U+0000 (refused by the
 * database) or a lone surrogate (UTF-8 has no encoding for it, so the driver would silently store
 * U+FFFD instead). Walks with its own stack: a 64 KiB body can nest 30,000 levels deep, far past
 * the call stack (issue 8 found a 500 there).
 */
export function unstorableStrings(value: unknown): ValidationItem[] {
  const items: ValidationItem[] = [];
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === "string") {
      const problem = problemOf(current);
      if (problem !== null) items.push({ loc: ["body", ...pathOf(visit)], ...problem });
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, i) => pending.push({ value: item, key: i, parent: visit }));
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  // The stack visits siblings last to first; report them in the body's order.
  return items.reverse();
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
  const unstorable = unstorableStrings(body);
  if (unstorable.length > 0) throw new ValidationError(unstorable);
  return body;
}

export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && JSON_MEDIA_TYPE.test(header);
}
