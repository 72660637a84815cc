// The document's schemas come from zod's own JSON Schema of the zod/mini contract schemas, and
// say what the document has always said (packages/api-client/openapi.json is unchanged).
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  componentSchemas,
  described,
  inlineSchema,
  pathParameters,
  queryParameters,
  toOpenApiSchema,
} from "./json-schema.js";
import { pathId } from "./path-ids.js";
import { Frequency, Task, TaskCreate } from "./schemas.js";

const asDocument = (schema: z.core.$ZodType) => toOpenApiSchema(z.toJSONSchema(schema));

describe("toOpenApiSchema", () => {
  it("writes a nullable string with a length limit as type [string, null]", () => {
    expect(asDocument(z.nullable(z.string().check(z.maxLength(5))))).toEqual({
      type: ["string", "null"],
      maxLength: 5,
    });
  });

  it("keeps a nullable value that is more than one type in anyOf", () => {
    expect(asDocument(z.nullable(z.union([z.string(), z.object({})])))).toHaveProperty("anyOf");
  });

  it("names a date by its format, without zod's regex for it", () => {
    expect(asDocument(z.iso.date())).toEqual({ type: "string", format: "date" });
  });

  it("leaves out the safe-integer bounds zod adds, and keeps the real ones", () => {
    expect(asDocument(z.number().check(z.int(), z.positive()))).toEqual({
      type: "integer",
      exclusiveMinimum: 0,
    });
    expect(asDocument(z.number().check(z.int(), z.minimum(0), z.maximum(365)))).toEqual({
      type: "integer",
      minimum: 0,
      maximum: 365,
    });
  });

  it("does not refuse unknown fields in an answer, which may gain fields later", () => {
    expect(asDocument(z.object({ a: z.string() }))).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
    });
  });

  it("writes a literal as a one-value enum and puts annotations after the rules", () => {
    const described = toOpenApiSchema(
      z.toJSONSchema(z._default(z.literal("Bearer"), "Bearer"), { io: "input" }),
    );
    expect(described).toEqual({ type: "string", enum: ["Bearer"], default: "Bearer" });
    expect(Object.keys(described)).toEqual(["type", "enum", "default"]);
  });

  it("reads property names as names, even when they are spelled like keywords", () => {
    const schema = z.object({ const: z.string(), pattern: z.string(), format: z.string() });
    expect(asDocument(schema)).toMatchObject({
      properties: {
        const: { type: "string" },
        pattern: { type: "string" },
        format: { type: "string" },
      },
    });
  });
});

describe("the contract's components", () => {
  it("describes a request body as a caller writes it: a field with a default is optional", () => {
    const { TaskCreate: request } = componentSchemas([{ schema: TaskCreate, io: "input" }]);
    expect(request).toMatchObject({ required: ["title", "due_date"] });
    expect(request).toMatchObject({ properties: { frequency: { default: "Daily" } } });
  });

  it("describes an answer as the API sends it: every field is there", () => {
    const { TaskCreate: answer } = componentSchemas([{ schema: TaskCreate, io: "output" }]);
    expect(answer).toMatchObject({
      // issue 23: `shared` has a default (false), so it is always answered.
      required: ["title", "due_date", "frequency", "interval", "priority", "shared"],
    });
  });

  it("refers to named schemas from unnamed ones by $ref to the components", () => {
    expect(inlineSchema(z.array(Task))).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Task" },
    });
  });

  it("turns an object of optional filters into query parameters, with their descriptions", () => {
    const query = z.object({
      frequency: z.optional(Frequency),
      page: described(z.string(), { description: "Which page" }),
    });
    expect(queryParameters(query)).toEqual([
      {
        schema: { $ref: "#/components/schemas/Frequency" },
        required: false,
        name: "frequency",
        in: "query",
      },
      {
        schema: { type: "string", description: "Which page" },
        required: true,
        description: "Which page",
        name: "page",
        in: "query",
      },
    ]);
  });

  it("describes a record's id in a path as the integer it carries, not the digits it is sent as", () => {
    const params = z.object({ task_id: pathId("The task's id") });
    expect(pathParameters(params)).toEqual([
      {
        schema: { type: "integer", minimum: 1, description: "The task's id" },
        required: true,
        description: "The task's id",
        name: "task_id",
        in: "path",
      },
    ]);
    expect(params.parse({ task_id: "42" })).toEqual({ task_id: 42 });
    expect(params.safeParse({ task_id: "042" }).success).toBe(false);
  });

  it("refuses to name a schema that is not a component", () => {
    expect(() => componentSchemas([{ schema: z.string(), io: "output" }])).toThrow(
      /not a named component/,
    );
  });
});
