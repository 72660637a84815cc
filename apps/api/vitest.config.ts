import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/support/pglite-template.ts"],
    // Each file opens its own database (PGlite initdb takes seconds on this machine), and a few
    // tests start the real server as a child process: under CI's load (several suites on two
    // cores) one start has taken over 30 s.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
