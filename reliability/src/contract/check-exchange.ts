// What every answer must be, whatever was asked (decisions D1, D3; issue 8 suite 1): never a 5xx;
// a status the contract lists for the operation; every 4xx in FastAPI's shape; every 2xx (and
// the sign-in redirect) as the contract describes it; the security headers on all of them.
import type { Exchange } from "../http-exchange.js";
import type { JsonSchema, Operation } from "./openapi.js";
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
    const schema = documented?.get(status) ?? FASTAPI_ERROR;
    violations.push(...checkBody(context, schema, answer, `${status} body`));
    return violations;
  }
  if (status === 204) {
    if (answer.text !== "") violations.push("204 with a body");
    return violations;
  }
  if (status >= 300 && status < 400) {
    const location = answer.headers.get("location") ?? "";
    if (!location.startsWith(`${context.webOrigin}/`)) {
      violations.push(`${status} to ${location}, not into the web app`);
    }
    return violations;
  }
  const schema = documented?.get(status);
  if (schema) violations.push(...checkBody(context, schema, answer, `${status} body`));
  return violations;
}
