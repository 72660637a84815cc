// @life-admin/domain/forms: the rules of the add and edit forms and of the Upload dialog, as an
// entry of its own, built whole (tsup.config.ts). The web app loads the forms on demand, and only
// they import this: the forms' schemas then travel with them instead of with the web app's first
// download, which reads the package's index (issue 7's budget). The index exports them too, for
// the API and scripts; there the schemas' constructions are marked pure (a .check() call is kept
// by bundlers otherwise), so that the web app's first download drops the index's copies.
export * from "./cancel-link.js";
export * from "./enums.js";
// issue 22: the cost's sign and decimals; the dashboard's amounts (formatMoney) come from the index.
export { currencyDecimals, currencySymbol } from "./money.js";
export * from "./iso-dates.js";
// The All lists' search (they load with the modals).
export * from "./list-search.js";
export * from "./recurrence.js";
export * from "./reminders.js";
export * from "./subscription.js";
// The totals All Subscriptions shows (it loads with the modals).
export { subscriptionTotals, unitsOf } from "./subscription-totals.js";
export * from "./task.js";
export * from "./uploads.js";
// issue 22: the cost as the person types it, in their locale's writing ("12,99").
export { decimalSignOf, numberOf } from "./written-numbers.js";
