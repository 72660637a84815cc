// spec 5, 9: the "Remind Me" choices, reading a choice back as a number, and the reminder text.

/** spec 9: the default reminder, in days before the renewal. */
export const DEFAULT_REMINDER_DAYS = 7;

/** spec 5: the choices offered, in order. */
export const REMINDER_OPTIONS = [
  "1 day before",
  "3 days before",
  "7 days before",
  "14 days before",
  "30 days before",
] as const;
export type ReminderOption = (typeof REMINDER_OPTIONS)[number];

/** spec 3: the form starts on "7 days before". */
export const DEFAULT_REMINDER_OPTION: ReminderOption = "7 days before";

/**
 * spec 5: the number is read from the start of the text ("14 days before" -> 14); text without a
 * leading whole number falls back to 7.
 */
export function parseReminderDays(text: string): number {
  const match = /^\s*(\d+)/.exec(text);
  if (!match?.[1]) return DEFAULT_REMINDER_DAYS;
  return Number.parseInt(match[1], 10);
}

/**
 * The reminder as the All Subscriptions list shows it. The spec writes "{n} day(s) before"; we
 * spell the plural out, so the text reads exactly like the choice the user made ("1 day before",
 * "7 days before").
 */
export function reminderText(days: number): string {
  return days === 1 ? "1 day before" : `${days} days before`;
}
