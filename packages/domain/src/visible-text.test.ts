import { describe, expect, it } from "vitest";
import { SubscriptionCreateSchema } from "./subscription.js";
import { TaskCreateSchema } from "./task.js";
import { issueMessages } from "./test-support.js";
import { hasVisibleText } from "./visible-text.js";

const DUE = "2026-03-01T09:00:00Z";

// Each alone shows nothing: the issue's examples and their kin.
const INVISIBLE: Record<string, string> = {
  "zero-width space U+200B": "\u200B",
  "zero-width non-joiner and joiner U+200C U+200D": "\u200C\u200D",
  "left-to-right and right-to-left marks U+200E U+200F": "\u200E\u200F",
  "embeddings and overrides U+202A..U+202E": "\u202A\u202B\u202C\u202D\u202E",
  "word joiner and invisible operators U+2060..U+2064": "\u2060\u2061\u2062\u2063\u2064",
  "isolates U+2066..U+2069": "\u2066\u2067\u2068\u2069",
  "byte order mark U+FEFF": "\uFEFF",
  "soft hyphen U+00AD": "\u00AD",
  "Arabic letter mark U+061C": "\u061C",
  "Hangul filler U+3164": "\u3164",
  "variation selector U+FE0F": "\uFE0F",
  "tag characters U+E0041": "\u{E0041}\u{E007F}",
  "blank Braille pattern U+2800": "\u2800",
  "no-break and ideographic spaces U+00A0 U+3000": "\u00A0\u3000",
  "a mix, between spaces": " \u200B\u202E \u2066\uFEFF ",
};

describe("hasVisibleText", () => {
  it.each(Object.entries(INVISIBLE))("is false for %s", (_, text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each([
    ["a letter among invisible characters", "\u202Ea\u200B"],
    ["an emoji sequence with joiners", "\u{1F469}\u200D\u{1F4BB}"],
    ["text in another script", "\u0627\u0644\u0625\u064A\u062C\u0627\u0631"],
    ["a single punctuation mark", "-"],
  ])("is true for %s", (_, text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

describe("a required title or name", () => {
  it.each(Object.entries(INVISIBLE))(
    "refuses a task title made only of the %s as required",
    (_, title) => {
      expect(issueMessages(TaskCreateSchema, { title, due_date: DUE })).toEqual([
        "Task title is required",
      ]);
    },
  );

  it("refuses a subscription name made only of invisible characters as required", () => {
    const body = { name: "\u200B\u202E\uFEFF", next_renewal_date: "2026-03-01", cost: 5 };
    expect(issueMessages(SubscriptionCreateSchema, body)).toEqual([
      "Subscription name is required",
    ]);
  });

  it("keeps a title with visible text as typed, invisible characters inside it included", () => {
    const title = "Pay\u200B rent \u2067\u05E9\u05DB\u05E8\u2069";
    expect(TaskCreateSchema.parse({ title: ` ${title} `, due_date: DUE }).title).toBe(title);
    const name = "\u{1F469}\u200D\u{1F4BB} Studio";
    const body = { name, next_renewal_date: "2026-03-01", cost: 5 };
    expect(SubscriptionCreateSchema.parse(body).name).toBe(name);
  });
});
