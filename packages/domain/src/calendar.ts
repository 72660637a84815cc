// @life-admin/domain/calendar: the calendar feed's schemas (issue 19), as an entry of its own
// (tsup.config.ts) for the web app's calendar calls, which load on demand: imported from the index,
// they would stay in the module the first download carries (issue 7's budget). The index exports
// them too, marked pure, for the API.
export * from "./calendar-feed.js";
