// architecture.md: src/schema.d.ts is exactly what openapi-typescript makes of the committed
// openapi.json (apps/api's test keeps openapi.json in step with the server).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCHEMA_PATH, generateSchemaSource } from "../scripts/schema-file.js";

describe("the committed src/schema.d.ts", () => {
  it("is exactly what openapi-typescript generates from openapi.json (run `pnpm generate` after the API changes)", async () => {
    const committed = readFileSync(SCHEMA_PATH, "utf8");
    expect(committed).toBe(await generateSchemaSource());
  });
});
