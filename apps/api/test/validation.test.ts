// decisions D1: every client mistake is a 4xx with a message; a 422 names each bad field in
// FastAPI's shape, with the domain schema's message as `msg`.
import { CANCEL_LINK_MESSAGE } from "@life-admin/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from "../src/http/json-body.js";
import { call, get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await signInAs(t.deps)).tokens.access_token;
});

interface Item {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const task = {
  title: "Pay rent",
  due_date: "2026-03-01T09:00:00Z",
  frequency: "Monthly",
  priority: "High",
  notes: null,
};
const subscription = {
  name: "Netflix",
  next_renewal_date: "2026-02-28",
  cost: 10.99,
  frequency: "Monthly",
  priority: "Medium",
  cancel_link: null,
  remind_days_before: 7,
};

async function expect422(path: string, body: unknown): Promise<Item[]> {
  const res = await post(t.app, path, { token, body });
  expect(res.status, res.text).toBe(422);
  const detail = (res.body as { detail: Item[] }).detail;
  expect(Array.isArray(detail)).toBe(true);
  for (const item of detail) {
    expect(item.msg.length).toBeGreaterThan(0);
    expect(item.type.length).toBeGreaterThan(0);
  }
  return detail;
}

/** The one item a 422 names for `field`. */
async function itemFor(path: string, body: unknown, field: string): Promise<Item> {
  const detail = await expect422(path, body);
  expect(detail.map((d) => d.loc)).toEqual([["body", field]]);
  const [item] = detail;
  if (!item) throw new Error("no item");
  return item;
}

describe("task validation (POST /tasks/)", () => {
  it.each([
    [
      "a missing title",
      { ...task, title: undefined },
      { msg: "Task title is required", type: "missing" },
    ],
    [
      "an empty title",
      { ...task, title: "" },
      { msg: "Task title is required", type: "string_too_short" },
    ],
    [
      "a title of spaces",
      { ...task, title: "   " },
      { msg: "Task title is required", type: "string_too_short" },
    ],
    [
      "a title of invisible characters and direction controls only",
      { ...task, title: " \u200B\u202E\u2066\uFEFF\u00AD " },
      { msg: "Task title is required", type: "value_error" },
    ],
    [
      "a title that is not text",
      { ...task, title: 42 },
      { msg: "Task title is required", type: "string_type" },
    ],
    [
      "a title over 200 characters",
      { ...task, title: "x".repeat(201) },
      { msg: "Task title must be at most 200 characters", type: "string_too_long" },
    ],
  ])("refuses %s", async (_name, body, expected) => {
    expect(await itemFor("/tasks/", body, "title")).toMatchObject(expected);
  });

  it.each([
    ["missing", undefined, "missing"],
    ["a date without a time", "2026-03-01", "datetime_parsing"],
    ["February 30th", "2026-02-30T00:00:00Z", "datetime_parsing"],
    ["29 February in a common year", "2023-02-29T00:00:00Z", "datetime_parsing"],
    ["hour 24", "2026-03-01T24:00:00Z", "datetime_parsing"],
    ["free text", "next tuesday", "datetime_parsing"],
    ["a number", 1_767_225_600, "string_type"],
  ])("refuses a due date that is %s", async (_name, dueDate, type) => {
    const item = await itemFor("/tasks/", { ...task, due_date: dueDate }, "due_date");
    expect(item).toEqual({
      loc: ["body", "due_date"],
      msg: "Use a real date and time in the form 2026-01-31T09:00:00Z",
      type,
    });
  });

  it("accepts 29 February in a leap year", async () => {
    const res = await post(t.app, "/tasks/", {
      token,
      body: { ...task, due_date: "2024-02-29T23:59:00Z" },
    });
    expect(res.status).toBe(201);
  });

  it("refuses an unknown frequency or priority, naming both", async () => {
    const detail = await expect422("/tasks/", { ...task, frequency: "Hourly", priority: "Urgent" });
    expect(detail.map((d) => [d.loc, d.type])).toEqual([
      [["body", "frequency"], "enum"],
      [["body", "priority"], "enum"],
    ]);
  });

  it("refuses notes over 2000 characters or notes that are not text", async () => {
    expect(await itemFor("/tasks/", { ...task, notes: "n".repeat(2001) }, "notes")).toMatchObject({
      msg: "Notes must be at most 2000 characters",
    });
    expect(await itemFor("/tasks/", { ...task, notes: ["a"] }, "notes")).toMatchObject({
      msg: "Notes must be text",
    });
  });

  it("refuses a title on two lines or with a control character, saying so, and stores nothing", async () => {
    const before = await get(t.app, "/tasks/", { token });
    const message = "Task title must be one line: remove line breaks and control characters";
    for (const title of ["Pay rent\n\nYour session expired", "Pay\rrent", "Pay \u001b[31mrent"]) {
      expect(await itemFor("/tasks/", { ...task, title }, "title")).toEqual({
        loc: ["body", "title"],
        msg: message,
        type: "value_error",
      });
    }
    expect(await itemFor("/tasks/", { ...task, notes: "a\u0007b" }, "notes")).toMatchObject({
      msg: "Notes cannot contain control characters other than line breaks and tabs: remove them",
    });
    const name = { ...subscription, name: "Gym\nCancelled" };
    expect(await itemFor("/subscriptions/", name, "name")).toMatchObject({
      msg: "Subscription name must be one line: remove line breaks and control characters",
    });
    expect((await get(t.app, "/tasks/", { token })).body).toEqual(before.body);
    // Notes keep their lines; a tab in a title is a space.
    const kept = await post(t.app, "/tasks/", {
      token,
      body: { ...task, title: "Pay\trent", notes: "Bring:\n- the letter" },
    });
    expect(kept.body).toMatchObject({ title: "Pay rent", notes: "Bring:\n- the letter" });
  });

  it("names every bad field at once", async () => {
    const detail = await expect422("/tasks/", { title: "", due_date: "soon", frequency: "Often" });
    expect(detail.map((d) => d.loc)).toEqual([
      ["body", "title"],
      ["body", "due_date"],
      ["body", "frequency"],
    ]);
  });

  it("refuses a body that is not an object", async () => {
    const detail = await expect422("/tasks/", ["Pay rent"]);
    expect(detail[0]?.loc).toEqual(["body"]);
  });
});

describe("subscription validation (POST /subscriptions/)", () => {
  it("refuses a name of invisible characters only, naming the field, and stores nothing", async () => {
    const before = await get(t.app, "/subscriptions/", { token });
    const name = "\u200B\u200F\u202E\u2060\u2069\uFEFF";
    expect(await itemFor("/subscriptions/", { ...subscription, name }, "name")).toEqual({
      loc: ["body", "name"],
      msg: "Subscription name is required",
      type: "value_error",
    });
    expect((await get(t.app, "/subscriptions/", { token })).body).toEqual(before.body);
  });

  it("stores a name with visible text as typed, invisible characters inside it included", async () => {
    const name = "Netflix\u200B \u2067\u05E9\u05DB\u05E8\u2069";
    const res = await post(t.app, "/subscriptions/", { token, body: { ...subscription, name } });
    expect(res.status).toBe(201);
    expect((res.body as { name: string }).name).toBe(name);
  });

  it.each([
    ["negative", -1, "Cost cannot be negative", "greater_than_equal"],
    ["over a million", 1_000_000.01, "Cost must be at most 1,000,000", "less_than_equal"],
    ["given with three decimals", 10.999, "Cost can have at most two decimals", "value_error"],
    ["text", "10.99", "Cost must be a number", "number_type"],
    ["missing", undefined, "Cost must be a number", "missing"],
  ])("refuses a cost that is %s", async (_name, cost, msg, type) => {
    expect(await itemFor("/subscriptions/", { ...subscription, cost }, "cost")).toEqual({
      loc: ["body", "cost"],
      msg,
      type,
    });
  });

  it("refuses a 300-digit cost and reminder, and a cost beyond the range of a double", async () => {
    const huge = "9".repeat(300);
    const raw = (cost: string, remind: string) =>
      `{"name":"X","next_renewal_date":"2026-01-01","cost":${cost},"frequency":"Monthly","remind_days_before":${remind}}`;
    const res = await post(t.app, "/subscriptions/", { token, raw: raw(huge, huge) });
    expect(res.status).toBe(422);
    const detail = (res.body as { detail: Item[] }).detail;
    expect(detail).toContainEqual({
      loc: ["body", "cost"],
      msg: "Cost must be at most 1,000,000",
      type: "less_than_equal",
    });
    expect(detail).toContainEqual({
      loc: ["body", "remind_days_before"],
      msg: "Reminder must be at most 365 days before",
      type: "less_than_equal",
    });
    const infinite = await post(t.app, "/subscriptions/", {
      token,
      raw: raw(`1${"0".repeat(400)}`, "7"),
    });
    expect(infinite.status).toBe(422);
    expect((infinite.body as { detail: Item[] }).detail[0]).toMatchObject({
      loc: ["body", "cost"],
      msg: "Cost must be a number",
    });
  });

  it.each([
    ["February 30th", "2026-02-30"],
    ["month 13", "2026-13-01"],
    ["a timestamp", "2026-02-28T00:00:00Z"],
    ["another format", "28/02/2026"],
  ])("refuses a next renewal date that is %s", async (_name, date) => {
    expect(
      await itemFor(
        "/subscriptions/",
        { ...subscription, next_renewal_date: date },
        "next_renewal_date",
      ),
    ).toMatchObject({
      msg: "Use a real date in the form 2026-01-31",
      type: "date_parsing",
    });
  });

  it.each([
    ["a fraction", 1.5, "Reminder must be a whole number of days"],
    ["negative", -1, "Reminder must be at least 0 days before"],
    ["over a year", 366, "Reminder must be at most 365 days before"],
    ["text", "7", "Reminder must be a number of days"],
  ])("refuses a reminder that is %s", async (_name, days, msg) => {
    expect(
      await itemFor(
        "/subscriptions/",
        { ...subscription, remind_days_before: days },
        "remind_days_before",
      ),
    ).toMatchObject({ msg });
  });

  it.each([
    ["javascript:", "javascript:alert(1)"],
    ["javascript: in capitals", "JAVASCRIPT:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["protocol-relative //host", "//evil.example/cancel"],
    ["a path on our own site", "/cancel"],
    ["ftp:", "ftp://example.com/cancel"],
    ["a scheme without a host", "https://"],
    ["a link with a tab inside", "java\tscript:alert(1)"],
    ["the empty string", ""],
  ])("refuses a cancel link that is %s", async (_name, link) => {
    expect(
      await itemFor("/subscriptions/", { ...subscription, cancel_link: link }, "cancel_link"),
    ).toMatchObject({
      msg: CANCEL_LINK_MESSAGE,
    });
  });

  it("accepts an https cancel link and stores it trimmed", async () => {
    const res = await post(t.app, "/subscriptions/", {
      token,
      body: { ...subscription, cancel_link: "  https://example.com/cancel?x=1  " },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cancel_link: "https://example.com/cancel?x=1" });
  });

  it.each([
    ["empty", "", "Subscription name is required"],
    ["spaces only", "  ", "Subscription name is required"],
    ["over 200 characters", "n".repeat(201), "Subscription name must be at most 200 characters"],
  ])("refuses a name that is %s", async (_name, name, msg) => {
    expect(await itemFor("/subscriptions/", { ...subscription, name }, "name")).toMatchObject({
      msg,
    });
  });
});

describe("bodies that cannot be read", () => {
  it("refuses malformed JSON with 422 json_invalid", async () => {
    const res = await post(t.app, "/tasks/", { token, raw: '{"title": "Pay rent",' });
    expect(res.status).toBe(422);
    expect((res.body as { detail: Item[] }).detail[0]).toMatchObject({
      loc: ["body"],
      type: "json_invalid",
    });
  });

  it("refuses an empty body with 422", async () => {
    const res = await post(t.app, "/tasks/", {
      token,
      raw: "",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(422);
    expect((res.body as { detail: Item[] }).detail[0]).toMatchObject({
      loc: ["body"],
      type: "missing",
    });
  });

  it("refuses a body that is not declared as JSON with 415", async () => {
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await post(t.app, "/tasks/", {
        token,
        raw: JSON.stringify(task),
        headers: { "Content-Type": contentType },
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ detail: "Content-Type must be application/json" });
    }
  });

  it("refuses a body without a content type with 415", async () => {
    const res = await t.app.request("/tasks/", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: new Blob([JSON.stringify(task)]),
    });
    expect(res.status).toBe(415);
  });

  it("accepts application/json with a charset", async () => {
    const res = await post(t.app, "/tasks/", {
      token,
      body: task,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(201);
  });

  it("refuses U+0000 in any string with 422 naming the field, and stores nothing", async () => {
    const before = ((await get(t.app, "/tasks/", { token })).body as unknown[]).length;
    const detail = await expect422("/tasks/", {
      ...task,
      title: "Pay\u0000rent",
      notes: "a\u0000",
    });
    expect(detail).toEqual([
      { loc: ["body", "title"], msg: NUL_MESSAGE, type: "string_pattern_mismatch" },
      { loc: ["body", "notes"], msg: NUL_MESSAGE, type: "string_pattern_mismatch" },
    ]);
    expect(
      await itemFor("/subscriptions/", { ...subscription, name: "\u0000" }, "name"),
    ).toMatchObject({ msg: NUL_MESSAGE });
    expect(((await get(t.app, "/tasks/", { token })).body as unknown[]).length).toBe(before);
  });

  // Found by the reliability suite (issue 8): the driver would store U+FFFD in its place.
  it("refuses a lone surrogate in any string with 422 naming the field, and stores nothing", async () => {
    const before = ((await get(t.app, "/tasks/", { token })).body as unknown[]).length;
    const detail = await expect422("/tasks/", {
      ...task,
      title: "Pay \ud800rent",
      notes: "x\udfff",
    });
    expect(detail).toEqual([
      { loc: ["body", "title"], msg: LONE_SURROGATE_MESSAGE, type: "string_unicode" },
      { loc: ["body", "notes"], msg: LONE_SURROGATE_MESSAGE, type: "string_unicode" },
    ]);
    expect(((await get(t.app, "/tasks/", { token })).body as unknown[]).length).toBe(before);
    // A whole surrogate pair is an ordinary character.
    const emoji = await post(t.app, "/tasks/", { token, body: { ...task, title: "Pay rent 😀" } });
    expect(emoji.status).toBe(201);
    expect(emoji.body).toMatchObject({ title: "Pay rent 😀" });
  });

  // Found by the reliability suite (issue 8): a recursive walk overflowed the stack (500).
  it.each([
    ["an array", (d: number) => `${"[".repeat(d)}${"]".repeat(d)}`],
    ["an object", (d: number) => `${'{"a":'.repeat(d)}1${"}".repeat(d)}`],
    [
      "a field",
      (d: number) =>
        `{"title":${"[".repeat(d)}"x"${"]".repeat(d)},"due_date":"2026-03-01T09:00:00Z"}`,
    ],
  ])("refuses %s nested 10,000 levels deep with 422, not 500", async (_name, nested) => {
    const res = await post(t.app, "/tasks/", { token, raw: nested(10_000) });
    expect(res.status, res.text).toBe(422);
  });

  // Found by the reliability suite (issue 8): years 1-99 came back as 1950-2049.
  it.each([
    "0001-01-01T00:00:00Z",
    "0049-06-30T12:00:00Z",
    "0099-12-31T23:59:59Z",
    "0100-01-01T00:00:00Z",
  ])("stores and returns the due date %s exactly", async (dueDate) => {
    const res = await post(t.app, "/tasks/", { token, body: { ...task, due_date: dueDate } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ due_date: dueDate });
    const listed = (await get(t.app, "/tasks/", { token })).body as {
      id: number;
      due_date: string;
    }[];
    expect(listed.find((t) => t.id === (res.body as { id: number }).id)?.due_date).toBe(dueDate);
  });

  it("refuses a year PostgreSQL cannot store with 422 naming the field, not 500", async () => {
    const year0 = { ...task, due_date: "0000-01-01T00:00:00Z" };
    expect(await itemFor("/tasks/", year0, "due_date")).toMatchObject({
      msg: "Use a date and time in the years 0001 to 9999 (UTC)",
    });
    const renewal = { ...subscription, next_renewal_date: "0000-01-01" };
    expect(await itemFor("/subscriptions/", renewal, "next_renewal_date")).toMatchObject({
      msg: "Use a date in the years 0001 to 9999",
    });
  });

  it("accepts the last instant of year 9999", async () => {
    const res = await post(t.app, "/tasks/", {
      token,
      body: { ...task, due_date: "9999-12-31T23:59:59Z" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ due_date: "9999-12-31T23:59:59Z" });
  });

  it("ignores unknown fields rather than storing them", async () => {
    const res = await post(t.app, "/tasks/", {
      token,
      body: { ...task, completed: true, id: 999_999, user_id: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ completed: false });
    expect((res.body as { id: number }).id).not.toBe(999_999);
  });

  it("checks the token before reading the body", async () => {
    const res = await call(t.app, "POST", "/tasks/", { raw: "not json" });
    expect(res.status).toBe(401);
  });
});
