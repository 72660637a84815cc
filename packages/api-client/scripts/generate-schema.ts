// `pnpm generate`: rewrites src/schema.d.ts from openapi.json (architecture.md: the contract).
// turbo runs the API's generator first, so openapi.json is fresh when this reads it.
import { writeFileSync } from "node:fs";
import { SCHEMA_PATH, generateSchemaSource } from "./schema-file.js";

writeFileSync(SCHEMA_PATH, await generateSchemaSource());
process.stdout.write(`wrote ${SCHEMA_PATH}\n`);
