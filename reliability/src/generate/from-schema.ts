// Values that a JSON Schema of the contract allows: the starting point that the bad-request
// generator then breaks one way or another. Strings, numbers and dates stay modest, so that a
// good share of generated requests reaches the database rather than stopping at validation.
import fc from "fast-check";
import { resolveSchema, type JsonSchema, type OpenApiDocument } from "../contract/openapi.js";

const DAY_MS = 86_400_000;

/** Instants from 1970 to 2100, with `Z`, an offset, or milliseconds. */
export const validDateTimes = fc
  .record({
    ms: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    offsetMinutes: fc.constantFrom(0, 0, 0, 60, -300, 330, 840, -720),
    withMs: fc.boolean(),
  })
  .map(({ ms, offsetMinutes, withMs }) => {
    const shifted = new Date(ms + offsetMinutes * 60_000).toISOString();
    const body = withMs ? shifted.slice(0, 23) : shifted.slice(0, 19);
    if (offsetMinutes === 0) return `${body}Z`;
    const sign = offsetMinutes > 0 ? "+" : "-";
    const abs = Math.abs(offsetMinutes);
    const hh = String(Math.floor(abs / 60)).padStart(2, "0");
    const mm = String(abs % 60).padStart(2, "0");
    return `${body}${sign}${hh}:${mm}`;
  });

export const validDates = fc
  .integer({ min: 0, max: 47_000 })
  .map((days) => new Date(days * DAY_MS).toISOString().slice(0, 10));

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return typeof type === "string" ? [type] : [];
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "date-time":
      return validDateTimes;
    case "date":
      return validDates;
    case "uri":
      return fc.webUrl();
    default: {
      const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : 60;
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.string({
            unit: "grapheme",
            minLength: Math.max(minLength, 1),
            // Short, as plausible text is, but never shorter than the schema asks.
            maxLength: Math.min(maxLength, Math.max(minLength, 40)),
          }),
        },
        { weight: 1, arbitrary: fc.webUrl() },
      );
    }
  }
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === "number" ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === "number" ? schema.maximum : 1_000_000;
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Amounts of money: whole cents.
  return fc
    .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
    .map((cents) => cents / 100);
}

/** The schemas a value may match (`anyOf`/`oneOf`: one of several shapes of body), or itself. */
export function alternativesOf(schema: JsonSchema): JsonSchema[] {
  const listed = schema.anyOf ?? schema.oneOf;
  return Array.isArray(listed) && listed.length > 0 ? (listed as JsonSchema[]) : [schema];
}

export function valueFor(document: OpenApiDocument, raw: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = alternativesOf(schema);
  if (alternatives.length > 1) return fc.oneof(...alternatives.map((a) => valueFor(document, a)));
  const choices = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case "string":
        return stringFor(schema);
      case "number":
        return numberFor(schema, false);
      case "integer":
        return numberFor(schema, true);
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(valueFor(document, (schema.items as JsonSchema | undefined) ?? {}), {
          maxLength: 3,
        });
      case "object":
        return objectFor(document, schema);
      default:
        return fc.anything();
    }
  });
  if (choices.length === 0) return fc.anything();
  return choices.length === 1 && choices[0] ? choices[0] : fc.oneof(...choices);
}

export function objectFor(
  document: OpenApiDocument,
  schema: JsonSchema,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueFor(document, property)]),
  );
  return fc.record(model, {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
  });
}
