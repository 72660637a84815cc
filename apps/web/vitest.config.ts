import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    // One jsdom per worker, not per file: 67 s -> 24 s alone (setup.ts cleans the DOM, storages and
    // address after every test; files pass in any order, --sequence.shuffle.files).
    isolate: false,
    // Rendering and typing in jsdom takes seconds when CI runs several suites on two cores.
    testTimeout: 20_000,
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts", "*.test.ts"],
    setupFiles: ["./src/test/setup.ts"],
    // CSS Modules keep readable class names in tests; nothing asserts on them.
    css: { modules: { classNameStrategy: "non-scoped" } },
  },
});
