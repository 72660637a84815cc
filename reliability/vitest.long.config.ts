import { defineConfig } from "vitest/config";

// `pnpm test:reliability`: the suites that take minutes (issue 8, suites 7-9; issue 20, suite 14;
// issue 21, suite 15). One file at a time: each measures a server process, and two would share the
// machine's two cores.
export default defineConfig({
  test: {
    globalSetup: ["./test/global-setup.ts"],
    include: ["test/long/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
