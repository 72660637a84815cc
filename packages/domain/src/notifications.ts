// @life-admin/domain/notifications: the bell's reminders as the API answers them (issue 20), as an
// entry of its own (tsup.config.ts) for the web app's reminder calls, which load on demand:
// imported from the index, the schema would stay in the module the first download carries (issue
// 7's budget). The index exports it too, marked pure, for the API.
export * from "./notification.js";
