// The HTTP contract the suites are generated from: packages/api-client/openapi.json (the document
// the API emits and a test keeps committed), read into a list of operations.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** A JSON Schema (2020-12) as OpenAPI 3.1 writes it. */
export type JsonSchema = Record<string, unknown>;

interface MediaType {
  schema?: JsonSchema;
}
interface RawParameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}
interface RawOperation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** What a response's body is: its media type ("application/json", "text/calendar") and schema. */
export interface ResponseContent {
  mediaType: string;
  schema: JsonSchema;
  /**
   * The other media types the contract lists for it, for a caller whose Accept asks for one: the
   * unsubscribe link's refusals are also a page (`text/html`) for a person's browser.
   */
  otherMediaTypes: string[];
}

export interface Operation {
  /** "POST /tasks/" */
  key: string;
  method: HttpMethod;
  path: string;
  /** required: only a bearer token will do; optional: one of the ways in (logout); none. */
  bearer: "required" | "optional" | "none";
  /** The path's parameters (`/tasks/{task_id}`): ids of records, filled in per request. */
  pathParameters: Parameter[];
  query: Parameter[];
  body: { required: boolean; schema: JsonSchema } | null;
  /** Status -> its body's media type and schema, or null when it has none (204, 302, 304). */
  responses: Map<number, ResponseContent | null>;
}

const require = createRequire(import.meta.url);

export function loadOpenApiDocument(): OpenApiDocument {
  const path = require.resolve("@life-admin/api-client/openapi.json");
  return JSON.parse(readFileSync(path, "utf8")) as OpenApiDocument;
}

function bearerOf(security: RawOperation["security"]): Operation["bearer"] {
  if (security === undefined || security.length === 0) return "none";
  const needsBearer = security.map((requirement) => "bearerAuth" in requirement);
  return needsBearer.every(Boolean) ? "required" : "optional";
}

/** A response's one media type: JSON when it is offered, else the first (`text/calendar`). */
function contentOf(content: Record<string, MediaType> | undefined): ResponseContent | null {
  const entries = Object.entries(content ?? {});
  const [mediaType, media] = entries.find(([type]) => type === "application/json") ??
    entries[0] ?? ["", undefined];
  if (media === undefined) return null;
  const otherMediaTypes = entries.map(([type]) => type).filter((type) => type !== mediaType);
  return { mediaType, schema: media.schema ?? {}, otherMediaTypes };
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const upper = method.toUpperCase() as HttpMethod;
      const parameters = raw.parameters ?? [];
      const unsupported = parameters.filter((p) => p.in !== "query" && p.in !== "path");
      if (unsupported.length > 0) {
        // Header and cookie parameters are not generated; the suites say so rather than skip.
        throw new Error(
          `${upper} ${path}: ${unsupported[0]?.in ?? ""} parameters are not generated yet`,
        );
      }
      const jsonBody = raw.requestBody?.content?.["application/json"]?.schema;
      const parametersIn = (place: RawParameter["in"]) =>
        parameters
          .filter((p) => p.in === place)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        bearer: bearerOf(raw.security),
        pathParameters: parametersIn("path"),
        query: parametersIn("query"),
        body:
          jsonBody === undefined
            ? null
            : { required: raw.requestBody?.required ?? false, schema: jsonBody },
        responses: new Map(
          Object.entries(raw.responses ?? {}).map(([status, response]) => [
            Number(status),
            contentOf(response.content),
          ]),
        ),
      });
    }
  }
  return operations;
}

/** Follows `#/components/schemas/X` references (one level at a time, as often as needed). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    const ref = current.$ref;
    if (typeof ref !== "string") return current;
    const name = ref.replace("#/components/schemas/", "");
    const target = document.components.schemas[name];
    if (target === undefined) throw new Error(`unknown schema ${ref}`);
    current = target;
  }
  throw new Error("schema references nest too deep");
}

/**
 * A template's segment as a pattern: each parameter at least one character, the text around it
 * as written (`{token}.ics` takes `abc.ics`, not `.ics`, as the router's `[^/]+\.ics` does).
 */
function segmentPattern(segment: string): RegExp {
  const parts = segment.split(/\{[^}]+\}/).map((text) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`);
}

/**
 * Whether a request path lands on a path of the contract (`/tasks/7` on `/tasks/{task_id}`,
 * `/calendar/abc.ics` on `/calendar/{token}.ics`).
 */
export function pathMatches(template: string, path: string): boolean {
  const want = template.split("/");
  const have = path.split("/");
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? "";
    return segment.includes("{") ? segmentPattern(segment).test(actual) : segment === actual;
  });
}

/**
 * The operation a request lands on, as the router picks it: a path written out in the contract
 * (`/subscriptions/totals`) before one with a parameter in its place.
 */
export function operationFor(
  operations: readonly Operation[],
  method: string,
  path: string,
): Operation | null {
  const candidates = operations.filter((o) => o.method === method);
  return (
    candidates.find((o) => o.path === path) ??
    candidates.find((o) => pathMatches(o.path, path)) ??
    null
  );
}
