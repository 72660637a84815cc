// The product's limits in one place, so the API, the forms and the tests agree on them.

/** Longest task title, in characters, after trimming. */
export const TASK_TITLE_MAX_LENGTH = 200;
/** Longest task notes (read back as `description`). */
export const TASK_NOTES_MAX_LENGTH = 2000;
/** Longest task category (set by an edit). */
export const TASK_CATEGORY_MAX_LENGTH = 100;
/** Longest name of a person (issue 22's Settings), after trimming. */
export const USER_NAME_MAX_LENGTH = 100;
/** Longest household name (issue 23), after trimming. */
export const HOUSEHOLD_NAME_MAX_LENGTH = 100;
/** Longest subscription name, after trimming. */
export const SUBSCRIPTION_NAME_MAX_LENGTH = 200;
/** Smallest and largest subscription cost (a currency amount with at most two decimals). */
export const COST_MIN = 0;
export const COST_MAX = 1_000_000;
/** How many days before a renewal a reminder may be asked for. */
export const REMIND_DAYS_MIN = 0;
export const REMIND_DAYS_MAX = 365;
/** Longest cancel link: the practical URL limit of browsers and servers. */
export const CANCEL_LINK_MAX_LENGTH = 2048;
/** decisions D9: the most units a schedule may skip between occurrences (every 99 weeks). */
export const REPEAT_INTERVAL_MAX = 99;
