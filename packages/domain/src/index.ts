// @life-admin/domain: the product's pure rules and entity schemas. No I/O, no clock: `now` is
// always passed in.
export * from "./agenda.js";
export * from "./cancel-link.js";
export * from "./date-display.js";
export * from "./enums.js";
export * from "./id.js";
export * from "./iso-dates.js";
export * from "./limits.js";
export * from "./priority-tasks.js";
export * from "./reminders.js";
export * from "./renewals.js";
export * from "./sorting.js";
export * from "./subscription.js";
export * from "./task.js";
export * from "./token-set.js";
export * from "./user.js";
