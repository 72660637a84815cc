import { defineConfig } from "vitest/config";

// The bench's own tests: its arithmetic and its report, not the figures (`pnpm bench` prints those).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
