import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_DAYS,
  DEFAULT_REMINDER_OPTION,
  REMINDER_OPTIONS,
  parseReminderDays,
  reminderText,
} from "./reminders.js";

describe("REMINDER_OPTIONS", () => {
  it("offers 1, 3, 7, 14 and 30 days before, in that order", () => {
    expect(REMINDER_OPTIONS).toEqual([
      "1 day before",
      "3 days before",
      "7 days before",
      "14 days before",
      "30 days before",
    ]);
  });

  it("starts the form on 7 days before, the default reminder", () => {
    expect(DEFAULT_REMINDER_OPTION).toBe("7 days before");
    expect(parseReminderDays(DEFAULT_REMINDER_OPTION)).toBe(DEFAULT_REMINDER_DAYS);
    expect(DEFAULT_REMINDER_DAYS).toBe(7);
  });
});

describe("parseReminderDays", () => {
  it.each([
    ["1 day before", 1],
    ["3 days before", 3],
    ["7 days before", 7],
    ["14 days before", 14],
    ["30 days before", 30],
  ])("reads %j as %i", (option, days) => {
    expect(parseReminderDays(option)).toBe(days);
  });

  it("reads every option back to a different number", () => {
    expect(new Set(REMINDER_OPTIONS.map(parseReminderDays)).size).toBe(REMINDER_OPTIONS.length);
  });

  it.each([
    ["14", 14],
    ["  3 days before", 3],
    ["0 days before", 0],
  ])("reads the leading whole number of %j as %i", (text, days) => {
    expect(parseReminderDays(text)).toBe(days);
  });

  it.each(["", "Never", "day 3", "a week before", "-1 days before", ".5 days"])(
    "falls back to 7 for %j, which has no leading whole number",
    (text) => {
      expect(parseReminderDays(text)).toBe(7);
    },
  );
});

describe("reminderText", () => {
  it("says '1 day before' for one day", () => {
    expect(reminderText(1)).toBe("1 day before");
  });

  it.each([
    [0, "0 days before"],
    [3, "3 days before"],
    [7, "7 days before"],
    [30, "30 days before"],
  ])("says the plural for %i days", (days, text) => {
    expect(reminderText(days)).toBe(text);
  });

  it("reads exactly like the option the user chose", () => {
    for (const option of REMINDER_OPTIONS) {
      expect(reminderText(parseReminderDays(option))).toBe(option);
    }
  });
});
