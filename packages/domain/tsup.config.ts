import { defineConfig } from "tsup";

export default defineConfig({
  // forms, reading, files, account, archive, calendar, notifications, household, household-answer,
  // task-completion, task-history, task-history-answer and time-zones: entries of their own, built
  // whole (no chunk shared with the index), so that a bundler puts them only where they are
  // imported (src/forms.ts, src/reading/index.ts, src/files.ts, src/account.ts and the others). task-completion: the web
  // app predicts where a completed task goes in a chunk it loads after the dashboard, not in its
  // first download; time-zones: its watch for the person's midnight (day-watch.ts) likewise;
  // task-history: the api-client's task-history calls, loaded with the edit form;
  // task-history-answer: the API's alone (as household-answer).
  entry: {
    index: "src/index.ts",
    forms: "src/forms.ts",
    reading: "src/reading/index.ts",
    files: "src/files.ts",
    account: "src/account.ts",
    archive: "src/archive.ts",
    calendar: "src/calendar.ts",
    notifications: "src/notifications.ts",
    household: "src/household.ts",
    "household-answer": "src/household-answer.ts",
    "task-completion": "src/task-completion.ts",
    "task-history": "src/task-history.ts",
    "task-history-answer": "src/task-history-answer.ts",
    "time-zones": "src/time-zones.ts",
  },
  splitting: false,
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  // Browsers (the web app, api-client's users) and Node 24.
  target: ["es2022", "node24"],
});
