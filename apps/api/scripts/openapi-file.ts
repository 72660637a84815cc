// The committed form of the OpenAPI document: where it lives and how it is written (Prettier's
// JSON style, so `pnpm format:check` at the root agrees with `pnpm generate`). Dev-only: the
// server never imports this file.
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { repoRoot } from "../src/paths.js";

/** The contract package (architecture.md). */
export const OPENAPI_OUTPUT_PATH = join(repoRoot, "packages", "api-client", "openapi.json");

export async function serializeOpenApi(document: unknown): Promise<string> {
  const options = (await resolveConfig(OPENAPI_OUTPUT_PATH)) ?? {};
  return format(JSON.stringify(document), { ...options, parser: "json" });
}
