// `pnpm generate`: writes the OpenAPI document the server serves at /openapi.json to
// packages/api-client/openapi.json. The app is built around an in-memory database that the
// document never queries; nothing listens.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { buildApp } from "../src/app.js";
import { generateSigningKeyPem, signingKeysFromPem } from "../src/auth/signing-key.js";
import { loadConfig } from "../src/config.js";
import { openPglite } from "../src/db/pglite.js";
import { createDeps } from "../src/deps.js";
import { createLogger } from "../src/logger.js";
import { openApiDocument } from "../src/openapi.js";
import { OPENAPI_OUTPUT_PATH, serializeOpenApi } from "./openapi-file.js";

const deps = createDeps({
  config: loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    FILES_KEY: randomBytes(32).toString("base64"),
  }),
  database: await openPglite(null),
  logger: createLogger("silent"),
  keys: signingKeysFromPem(generateSigningKeyPem()),
});
try {
  writeFileSync(OPENAPI_OUTPUT_PATH, await serializeOpenApi(openApiDocument(buildApp(deps))));
  process.stdout.write(`wrote ${OPENAPI_OUTPUT_PATH}\n`);
} finally {
  await deps.close();
}
