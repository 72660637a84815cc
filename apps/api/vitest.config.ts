import { defineConfig } from "vitest/config";
import { ENGINE_FREE_FILES } from "./test/support/engine-free-files.js";

/**
 * Files that look at the whole process, and so need one of their own: the reading threads'
 * priority counts the threads a reading starts, which a reading thread left by an earlier file in
 * the same process would hide.
 */
const OWN_PROCESS = ["test/reading/thread-priority.test.ts"];

/** Against PostgreSQL, only the files that open the test database run (engine-free-files.ts). */
const notRunHere = process.env.TEST_DATABASE_URL ? ENGINE_FREE_FILES : [];

export default defineConfig({
  test: {
    globalSetup: ["./test/support/pglite-template.ts"],
    // Each file opens its own database, and a few tests start the real server as a child process:
    // under CI's load (several suites on two cores) one start has taken over 30 s.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...OWN_PROCESS, ...notRunHere],
          // Modules, and PGlite's compiled WebAssembly, loaded once per worker rather than once
          // per file: alone, 230 s and 303 s of CPU isolated, 157 s and 190 s not. Each file still
          // opens its own database and app.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "api-own-process", include: OWN_PROCESS, exclude: notRunHere },
      },
    ],
  },
});
