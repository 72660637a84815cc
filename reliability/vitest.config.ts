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
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
