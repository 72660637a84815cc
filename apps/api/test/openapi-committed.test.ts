// architecture.md: the committed contract (packages/api-client/openapi.json) is exactly what the
// server emits; `pnpm generate` in apps/api rewrites it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPENAPI_OUTPUT_PATH, serializeOpenApi } from "../scripts/openapi-file.js";
import { get } from "./support/http.js";
import { useTestApp } from "./support/test-app.js";

const t = useTestApp();

describe("the committed OpenAPI document", () => {
  it("is exactly what GET /openapi.json serves (run `pnpm --filter @life-admin/api generate` after changing a route)", async () => {
    const served = await serializeOpenApi((await get(t.app, "/openapi.json")).body);
    const committed = readFileSync(OPENAPI_OUTPUT_PATH, "utf8");
    expect(committed).toBe(served);
  });
});
