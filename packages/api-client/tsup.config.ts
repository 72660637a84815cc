import { defineConfig } from "tsup";

export default defineConfig({
  // stored-session: the page's first script reads the session through it, without the client.
  // calendar-calls, reminder-calls, file-calls, session-calls, export-calls, import-calls,
  // account-deletion-calls, household-calls, task-history-calls: loaded with the screens that use
  // them (issue 7's budget). time-limited-fetch: for scripts; the web app sets no time limit.
  entry: [
    "src/index.ts",
    "src/stored-session.ts",
    "src/calendar-calls.ts",
    "src/reminder-calls.ts",
    "src/file-calls.ts",
    "src/import-calls.ts",
    "src/session-calls.ts",
    "src/export-calls.ts",
    "src/account-deletion-calls.ts",
    "src/household-calls.ts",
    "src/task-history-calls.ts",
    "src/time-limited-fetch.ts",
  ],
  format: ["esm"],
  tsconfig: "tsconfig.lib.json",
  dts: true,
  clean: true,
  sourcemap: true,
  // Browsers and Node 24 (architecture.md); the domain package and openapi-fetch stay imports.
  platform: "neutral",
  target: "es2022",
});
