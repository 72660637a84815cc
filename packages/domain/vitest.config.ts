import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Pure functions, no state between files: modules are loaded once per worker, not per file
    // (18 s -> 6 s a run, and the suite runs three times).
    isolate: false,
    // The property tests run hundreds of cases; under CI's load (several suites on two cores)
    // one took over the default 5 s.
    testTimeout: 20_000,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      // test-support.ts holds test-only helpers; it is not part of the package.
      exclude: ["src/**/*.test.ts", "src/test-support.ts"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 95, branches: 90, functions: 95, statements: 95 },
    },
  },
});
