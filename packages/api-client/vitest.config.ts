import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The API's migrated PGlite template: each test file's database starts from it.
    globalSetup: [fileURLToPath(import.meta.resolve("@life-admin/api/testing/pglite-template"))],
    // Modules loaded once per worker, not per file (63 s -> 38 s): each test makes its own client
    // and database.
    isolate: false,
    // Round trips open a fresh PGlite database (initdb takes seconds on this machine).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
