import { describe, expect, it } from "vitest";
import { HouseholdCreateSchema } from "./household.js";
import { SubscriptionCreateSchema } from "./subscription.js";
import { TaskCreateSchema, TaskUpdateSchema } from "./task.js";
import { issueMessages } from "./test-support.js";
import { UserUpdateSchema } from "./user-update.js";
import {
  asOneLine,
  hasVisibleText,
  isSingleLine,
  spacedLine,
  withTextControlsOnly,
} from "./visible-text.js";

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

describe("a one-line field", () => {
  const lineBreaks = ["\n", "\r", "\r\n", "\u0085", "\u2028"];

  it.each([
    ["a line feed", "Pay rent\nYour session expired: https://evil.example/login"],
    ["a carriage return", "Pay rent\rOpen Life Admin"],
    ["a bell, escape or vertical tab", "Pay \u0007rent \u001b[31m\u000b"],
    ["DEL and a C1 control", "Pay\u007f rent\u0085"],
  ])("refuses a title with %s, saying what to do", (_, title) => {
    expect(issueMessages(TaskCreateSchema, { title, due_date: DUE })).toEqual([
      "Task title must be one line: remove line breaks and control characters",
    ]);
  });

  it("refuses the same in a subscription's name and a task's category", () => {
    const body = { name: "Gym\nCancelled", next_renewal_date: "2026-03-01", cost: 5 };
    expect(issueMessages(SubscriptionCreateSchema, body)).toEqual([
      "Subscription name must be one line: remove line breaks and control characters",
    ]);
    expect(issueMessages(TaskUpdateSchema, { category: "Home\r\nWork" })).toEqual([
      "Category must be one line: remove line breaks and control characters",
    ]);
  });

  it("is every required name: a household's and a person's too", () => {
    const message = "Name must be one line: remove line breaks and control characters";
    expect(issueMessages(HouseholdCreateSchema, { name: "The Lovelaces\nJoin here" })).toEqual([
      message,
    ]);
    expect(issueMessages(UserUpdateSchema, { full_name: "Ada\u001b[8m" })).toEqual([message]);
  });

  it("keeps a tab pasted into a title as a space, and trims line breaks around it", () => {
    const parsed = TaskCreateSchema.parse({ title: "\nPay\trent\r\n", due_date: DUE });
    expect(parsed.title).toBe("Pay rent");
  });

  it("keeps a line or paragraph separator (U+2028, U+2029) as a space, which breaks no list's line", () => {
    const title = "Pay\u2028rent\u2029now";
    expect(TaskCreateSchema.parse({ title, due_date: DUE }).title).toBe("Pay rent now");
    expect(TaskUpdateSchema.parse({ category: "Home\u2028Work" }).category).toBe("Home Work");
    const body = { name: "Gym\u2029Plus", next_renewal_date: "2026-03-01", cost: 5 };
    expect(SubscriptionCreateSchema.parse(body).name).toBe("Gym Plus");
    expect(spacedLine("a\tb\u2028c\u2029d\ne")).toBe("a b c d\ne");
  });

  it("tells a title of only a line break is required, as an empty one", () => {
    expect(issueMessages(TaskCreateSchema, { title: "\r\n", due_date: DUE })).toEqual([
      "Task title is required",
    ]);
  });

  it("knows only control characters (Cc) break a line: a separator U+2028 is other text", () => {
    expect(lineBreaks.map(isSingleLine)).toEqual([false, false, false, false, true]);
  });
});

describe("notes", () => {
  it("keep their line breaks and tabs", () => {
    const notes = "Bring:\r\n\t- two photos\n\t- the old passport";
    expect(TaskCreateSchema.parse({ title: "Pay", due_date: DUE, notes }).notes).toBe(notes);
  });

  it("refuse any other control character, saying what to do", () => {
    for (const notes of ["a\u0007b", "\u001b[2J", "a\u007fb", "a\u0085b"]) {
      expect(issueMessages(TaskCreateSchema, { title: "Pay", due_date: DUE, notes })).toEqual([
        "Notes cannot contain control characters other than line breaks and tabs: remove them",
      ]);
    }
  });
});

describe("text written out as lines", () => {
  it("puts a title stored with line breaks on one line", () => {
    expect(asOneLine("Pay rent\r\n\r\nYour session expired \u0007\u2028 Open\t it ")).toBe(
      "Pay rent Your session expired Open it",
    );
  });

  it("keeps a one-line title's own spaces as typed: an ideographic space, two spaces", () => {
    expect(asOneLine("東京　出張")).toBe("東京　出張");
    expect(asOneLine("Pay  rent\u00a0now")).toBe("Pay  rent\u00a0now");
  });

  it("keeps the lines and tabs of notes, and nothing else of control characters", () => {
    expect(withTextControlsOnly("a\u0007\u001b[2Jb\r\n\tc\u0085")).toBe("a[2Jb\r\n\tc");
  });
});
