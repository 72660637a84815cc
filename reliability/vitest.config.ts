import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `pnpm test`: the suites that take seconds (issue 8, suites 1-6). One file at a time: turbo
// already runs the other packages' tests beside this one on the machine's cores.
export default defineConfig({
  test: {
    // The seed, and the API's migrated PGlite template that each suite's database starts from.
    globalSetup: [
      "./test/global-setup.ts",
      fileURLToPath(import.meta.resolve("@life-admin/api/testing/pglite-template")),
    ],
    include: ["test/quick/**/*.test.ts"],
    fileParallelism: false,
    // Modules, and PGlite's compiled WebAssembly, loaded once rather than once per file: alone,
    // 131 s and 175 s of CPU isolated, 107 s and 137 s not. Each suite still opens its own
    // database and app.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
