// Checks answers against the contract with Ajv (JSON Schema 2020-12, as OpenAPI 3.1 writes it):
// an implementation independent of the zod schemas the API itself validates with.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema, OpenApiDocument } from "./openapi.js";

const DOCUMENT_ID = "https://life-admin.invalid/openapi.json";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "$ref" && typeof item === "string"
        ? item.replace("#/components/schemas/", `${DOCUMENT_ID}#/$defs/`)
        : rewriteRefs(item),
    ]),
  );
}

export function createResponseValidator(document: OpenApiDocument) {
  // OpenAPI adds keywords (example, description on $ref siblings) that strict mode refuses.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, $defs: rewriteRefs(document.components.schemas) });
  const cache = new Map<string, ValidateFunction>();

  function compile(schema: JsonSchema): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (validate === undefined) {
      validate = ajv.compile(rewriteRefs(schema) as JsonSchema);
      cache.set(key, validate);
    }
    return validate;
  }

  /** null when `value` matches `schema`, otherwise Ajv's complaints in one line. */
  function check(schema: JsonSchema, value: unknown): string | null {
    const validate = compile(schema);
    if (validate(value)) return null;
    return ajv.errorsText(validate.errors, { dataVar: "body" });
  }

  return { check };
}

export type ResponseValidator = ReturnType<typeof createResponseValidator>;
