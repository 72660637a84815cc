// What every answer must be, whatever was asked (decisions D1, D3; issue 8 suite 1): never a 5xx;
// a status the contract lists for the operation; every 4xx in FastAPI's shape (or in another type
// the contract lists for it, chosen by Accept); every 2xx (and
// the sign-in redirect) as the contract describes it, in the media type it names (JSON, or
// iCalendar for the calendar routes of issue 19); a 304 empty; the security headers on all of them.
import type { Exchange } from "../http-exchange.js";
import type { JsonSchema, Operation, ResponseContent } from "./openapi.js";
import type { ResponseValidator } from "./response-validator.js";

const FASTAPI_ERROR: JsonSchema = {
  anyOf: [
    { $ref: "#/components/schemas/HTTPError" },
    { $ref: "#/components/schemas/HTTPValidationError" },
  ],
};

/** Paths and methods outside the contract: the router's own 404 and 405. */
const UNDOCUMENTED_STATUSES = new Set([404, 405]);

/**
 * Answered by the HTTP server before any operation is chosen, for any request: headers over the
 * server's limit (431). The contract cannot list them per operation; they must still be
 * FastAPI-shaped and carry the security headers.
 */
const TRANSPORT_STATUSES = new Set([431]);

export interface CheckContext {
  validator: ResponseValidator;
  /** WEB_ORIGIN: where the sign-in callback sends the browser. */
  webOrigin: string;
}

function checkBody(
  context: CheckContext,
  schema: JsonSchema,
  answer: Exchange,
  what: string,
): string[] {
  if (answer.json === null) {
    return [`${what}: not JSON (content-type ${answer.headers.get("content-type") ?? "none"})`];
  }
  if ("error" in answer.json) return [`${what}: unreadable JSON (${answer.json.error})`];
  const problem = context.validator.check(schema, answer.json.value);
  return problem === null ? [] : [`${what}: ${problem}`];
}

/** "text/calendar; charset=utf-8" -> "text/calendar". */
const essenceOf = (contentType: string | null) =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * What a text body of a media type must be beyond the contract's `type: string`: an iCalendar
 * object (RFC 5545, 3.1 and 3.4) is one VCALENDAR, CRLF line ends, content lines of at most 75
 * octets (longer ones folded).
 */
const TEXT_CHECKS: Record<string, (text: string) => string[]> = {
  "text/calendar": (text) => {
    const problems: string[] = [];
    if (!text.startsWith("BEGIN:VCALENDAR\r\n"))
      problems.push("does not begin with BEGIN:VCALENDAR");
    // The last line ends in CRLF too (RFC 5545, 3.1), which ical-generator leaves to its caller.
    if (!text.endsWith("END:VCALENDAR\r\n")) problems.push("does not end with END:VCALENDAR CRLF");
    if (/[^\r]\n|\r[^\n]/.test(text)) problems.push("a line ends without CRLF");
    const long = text.split("\r\n").find((line) => Buffer.byteLength(line, "utf8") > 75);
    if (long !== undefined) problems.push(`a line of over 75 octets: ${long.slice(0, 80)}`);
    return problems;
  },
};

/** A 2xx body in the media type the contract names for it, matching its schema. */
function checkContent(
  context: CheckContext,
  content: ResponseContent,
  answer: Exchange,
  what: string,
): string[] {
  if (content.mediaType === "application/json") {
    return checkBody(context, content.schema, answer, what);
  }
  const answered = essenceOf(answer.headers.get("content-type"));
  if (answered !== content.mediaType) {
    return [`${what}: ${answered || "no content type"}, not ${content.mediaType}`];
  }
  const problem = context.validator.check(content.schema, answer.text);
  const problems = problem === null ? [] : [`${what}: ${problem}`];
  const textCheck = TEXT_CHECKS[content.mediaType];
  if (textCheck) problems.push(...textCheck(answer.text).map((p) => `${what}: ${p}`));
  return problems;
}

export function violationsOf(
  context: CheckContext,
  operation: Operation | null,
  answer: Exchange,
): string[] {
  const { status } = answer;
  const violations: string[] = [];
  if (status >= 500) violations.push(`server error ${status}: ${answer.text.slice(0, 300)}`);
  if (answer.headers.get("referrer-policy") !== "no-referrer") {
    violations.push("Referrer-Policy is not no-referrer");
  }
  if (answer.headers.get("x-content-type-options") !== "nosniff") {
    violations.push("X-Content-Type-Options is not nosniff");
  }

  const documented = operation?.responses;
  const transport = TRANSPORT_STATUSES.has(status);
  if (documented !== undefined && !documented.has(status) && !transport) {
    violations.push(`${status} is not a status the contract lists for ${operation?.key ?? ""}`);
  }
  if (operation === null && !UNDOCUMENTED_STATUSES.has(status) && !transport) {
    violations.push(`${status} for a path or method outside the contract (expected 404 or 405)`);
  }

  if (status >= 400) {
    const answered = essenceOf(answer.headers.get("content-type"));
    if (documented?.get(status)?.otherMediaTypes.includes(answered) === true) {
      // A refusal the contract also lists in another type, for a caller who asks for it (the
      // unsubscribe link's page for a browser): chosen by Accept, so a cache must know (Vary).
      if (answer.text === "") violations.push(`${status} ${answered} with no body`);
      if (!/(^|,)\s*accept\s*(,|$)/i.test(answer.headers.get("vary") ?? "")) {
        violations.push(`${status} ${answered} without Vary: Accept`);
      }
      return violations;
    }
    // Every refusal is JSON in FastAPI's shape, whatever the operation answers when it succeeds.
    const documentedJson = documented?.get(status);
    const schema =
      documentedJson?.mediaType === "application/json" ? documentedJson.schema : FASTAPI_ERROR;
    violations.push(...checkBody(context, schema, answer, `${status} body`));
    return violations;
  }
  if (status === 204) {
    if (answer.text !== "") violations.push("204 with a body");
    return violations;
  }
  if (status === 304) {
    // RFC 9110, 15.4.5: no body, and the ETag a 200 would have carried.
    if (answer.text !== "") violations.push("304 with a body");
    if (answer.headers.get("etag") === null) violations.push("304 without an ETag");
    return violations;
  }
  if (status >= 300 && status < 400) {
    const location = answer.headers.get("location") ?? "";
    if (!location.startsWith(`${context.webOrigin}/`)) {
      violations.push(`${status} to ${location}, not into the web app`);
    }
    return violations;
  }
  const content = documented?.get(status);
  if (content) violations.push(...checkContent(context, content, answer, `${status} body`));
  return violations;
}
