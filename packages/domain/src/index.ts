// @life-admin/domain: the product's pure rules and entity schemas. No I/O, no clock: `now` is
// always passed in.
// issue 22's account archive is the API's alone (@life-admin/domain/archive), and Settings' devices,
// import report and deletion are @life-admin/domain/account: neither is in the first download.
export * from "./agenda.js";
export * from "./calendar-feed.js";
export * from "./calendar-rule.js";
export * from "./cancel-link.js";
export * from "./date-display.js";
export * from "./due-reminders.js";
export * from "./enums.js";
export * from "./file-id.js";
export * from "./id.js";
export * from "./iso-dates.js";
export * from "./limits.js";
export * from "./list-search.js";
export * from "./money.js";
export * from "./notification.js";
export * from "./notifications-read.js";
export * from "./priority-tasks.js";
export * from "./product.js";
export * from "./recurrence.js";
// The proposal's schema only, for the API's contract; the rules are @life-admin/domain/reading.
export * from "./reading/proposal.js";
export * from "./reminders.js";
export * from "./renewals.js";
export * from "./sorting.js";
export * from "./stored-file.js";
export * from "./subscription.js";
export * from "./subscription-totals.js";
export * from "./task.js";
export * from "./task-completion.js";
export * from "./task-history.js";
export * from "./time-zones.js";
export * from "./token-set.js";
export * from "./uploads.js";
export * from "./user.js";
export * from "./user-update.js";
export * from "./visible-text.js";
