// The OpenAPI side of the contract: zod's own JSON Schema (z.toJSONSchema reads zod/mini schemas;
// @hono/zod-openapi's generator reads only classic ones) for the schemas in the `contract`
// registry, written as /openapi.json has always described them.
import type { ParameterObject, ReferenceObject, SchemaObject } from "openapi3-ts/oas31";
import * as z from "zod/mini";

/** What the document says of a schema: its component name, or a description and an example. */
export interface ContractMeta {
  /** Its name under #/components/schemas. */
  id?: string;
  description?: string;
  example?: unknown;
}

/** The contract's schemas and what the document says of them (schemas.ts fills it). */
export const contract = z.registry<ContractMeta>();

/** Registers `schema` in the contract under `meta` and returns it. */
export function described<T extends z.core.$ZodType>(schema: T, meta: ContractMeta): T {
  contract.add(schema, meta);
  return schema;
}

/** OpenAPI 3.1's schema object (JSON Schema 2020-12), or a `$ref` to a component. */
export type OpenApiSchema = SchemaObject | ReferenceObject;

/** A request is described as a caller writes it (defaults optional), an answer as sent. */
export type Io = "input" | "output";

type JsonSchema = z.core.JSONSchema.JSONSchema;

const COMPONENTS_PATH = "#/components/schemas/";

function idOf(schema: z.core.$ZodType): string {
  const id = contract.get(schema)?.id;
  if (id === undefined) throw new Error("The schema is not a named component of the contract");
  return id;
}

/** `{ "$ref": "#/components/schemas/Task" }` for a named schema. */
export function componentRef(schema: z.core.$ZodType): ReferenceObject {
  return { $ref: `${COMPONENTS_PATH}${idOf(schema)}` };
}

/** The named schemas, in the order given. */
export function componentSchemas(
  components: readonly { schema: z.core.$ZodType; io: Io }[],
): Record<string, OpenApiSchema> {
  const emit = (io: Io) =>
    z.toJSONSchema(contract, {
      io,
      metadata: contract,
      uri: (id) => `${COMPONENTS_PATH}${id}`,
    }).schemas;
  const emitted = { input: emit("input"), output: emit("output") };
  return Object.fromEntries(
    components.map(({ schema, io }) => {
      const id = idOf(schema);
      const jsonSchema = emitted[io][id];
      if (jsonSchema === undefined) throw new Error(`zod emitted no schema for ${id}`);
      return [id, toOpenApiSchema(jsonSchema)];
    }),
  );
}

/**
 * An unnamed schema (a list of tasks, a query parameter), with `$ref`s to the named ones it
 * uses: zod puts those under `$defs`, and the document has them as components.
 */
export function inlineSchema(schema: z.core.$ZodType, io: Io = "output"): OpenApiSchema {
  const jsonSchema = z.toJSONSchema(schema, { io, metadata: contract });
  delete jsonSchema.$defs;
  const referringToComponents = JSON.parse(
    JSON.stringify(jsonSchema).replaceAll('"#/$defs/', `"${COMPONENTS_PATH}`),
  ) as JsonSchema;
  return toOpenApiSchema(referringToComponents);
}

/** The query parameters an object schema describes, each with its description. */
export function queryParameters(schema: z.ZodMiniObject): ParameterObject[] {
  return parametersOf(schema, "query");
}

/**
 * The path parameters an object schema describes, each with its description. A path parameter
 * is text on the wire; its schema says the value it carries (an id's codec: the number read from
 * the digits, http/path-ids.ts), as FastAPI documents `task_id: int`.
 */
export function pathParameters(schema: z.ZodMiniObject): ParameterObject[] {
  return parametersOf(schema, "path", "output");
}

function parametersOf(
  schema: z.ZodMiniObject,
  location: "query" | "path",
  io: Io = "input",
): ParameterObject[] {
  const required = new Set(z.toJSONSchema(schema, { io: "input", metadata: contract }).required);
  return Object.entries(schema.shape).map(([name, property]) => {
    const description = contract.get(property)?.description;
    return {
      schema: inlineSchema(property, io),
      required: required.has(name),
      ...(description === undefined ? {} : { description }),
      name,
      in: location,
    };
  });
}

const SAFE_INTEGER_BOUNDS: Readonly<Record<string, number>> = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};
/** Keywords whose value is data, kept as it is, not a schema. */
const VALUE_KEYWORDS = new Set(["enum", "required", "example", "examples", "default"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "$defs"]);
const ANNOTATIONS = ["description", "example", "default"] as const;

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * zod's JSON Schema as the document writes it. zod says a few things the document never said,
 * and some would change what clients read:
 * - no `$schema` or `$id` on a component: the document has one dialect, and an `$id` would move
 *   the base that the component's `$ref`s resolve against;
 * - no `additionalProperties: false` on answers: unknown fields are dropped, not refused, and a
 *   strict client must keep working when an answer gains a field;
 * - no `pattern` beside a `format`: the format names the rule, the pattern is zod's regex for it;
 * - no ±(2^53 - 1) bounds from zod's integer check: JSON integers, as before;
 * - a nullable value with constraints as `type: [T, "null"]` (as zod writes bare ones), a single
 *   literal as `enum: [v]`, annotations after the rules: the same schema, spelled as before.
 */
export function toOpenApiSchema(jsonSchema: JsonSchema): OpenApiSchema {
  return openApiNode(jsonSchema) as OpenApiSchema;
}

function openApiNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openApiNode);
  if (!isSchemaObject(node)) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "$id") continue;
    if (key === "additionalProperties" && value === false) continue;
    if (key === "pattern" && typeof node.format === "string") continue;
    if (SAFE_INTEGER_BOUNDS[key] === value && node.type === "integer") continue;
    if (key === "const") result.enum = [value];
    else if (VALUE_KEYWORDS.has(key)) result[key] = value;
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaObject(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, openApiNode(schema)]),
      );
    } else result[key] = openApiNode(value);
  }
  return annotationsLast(nullableAsTypeList(result));
}

/** `anyOf: [{ type: T, ...constraints }, { type: "null" }]` as `{ type: [T, "null"], ... }`. */
function nullableAsTypeList(node: Record<string, unknown>): Record<string, unknown> {
  const options = node.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return node;
  const [value, other] = options as unknown[];
  const otherIsNull = isSchemaObject(other) && Object.keys(other).join() === "type";
  if (!otherIsNull || other.type !== "null") return node;
  if (!isSchemaObject(value) || typeof value.type !== "string") return node;
  const rest = { ...node };
  delete rest.anyOf;
  return { ...value, type: [value.type, "null"], ...rest };
}

function annotationsLast(node: Record<string, unknown>): Record<string, unknown> {
  const isAnnotation = (key: string) => (ANNOTATIONS as readonly string[]).includes(key);
  const entries: [string, unknown][] = [
    ...Object.entries(node).filter(([key]) => !isAnnotation(key)),
    ...ANNOTATIONS.filter((key) => key in node).map((key): [string, unknown] => [key, node[key]]),
  ];
  return Object.fromEntries(entries);
}
