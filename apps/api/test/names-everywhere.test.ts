// People whose names and words are not English ASCII, through what the API writes for them: the
// calendar feed (RFC 5545 3.1: lines folded at 75 octets, never inside a UTF-8 character), one
// task's .ics download, the export's CSV and JSON and an import of it, and the morning email.
import type { AccountArchive } from "@life-admin/domain/archive";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, get, post } from "./support/http.js";
import { calendarOf } from "./support/ical.js";
import { importForm } from "./support/account-archives.js";
import { as, makeHousehold, newPerson } from "./support/households.js";
import { openMailedApp } from "./support/mailed-app.js";
import type { TestMailbox } from "./support/test-mailbox.js";
import { type TestApp, signInAs } from "./support/test-app.js";
import type { JobEngine } from "../src/jobs/job-engine.js";
import { zipEntries } from "./support/zip-entries.js";

const LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsnachweis";
const TITLES = [
  "دفع فاتورة الكهرباء 42",
  "חידוש דרכון",
  "Steuererklärung für Großeltern",
  "年金の手続き",
  "Ölwechsel 🚗",
  `${LONG_WORD}${"x".repeat(80 - LONG_WORD.length)}`,
  "Re\u0301sume\u0301 to the bank",
  // Long enough to be folded, with a character of every width near each fold.
  "🌻 Sunny ".repeat(8) + "年金の手続き".repeat(4) + "Nguyễn Thị Minh Khai",
];
const NAMES = [
  "李小龍",
  "Nguyễn Thị Minh Khai",
  "محمد الأحمد",
  "Siobhán O'Brien-Smythe",
  "Madonna",
  "🌻 Sunny",
  `${"Ünïcødé ".repeat(14)}Ünïcødé!`,
];
const NOTES = "Erst die Unterlagen:\n– Rentenbescheid\r\n– Belege für Großeltern\n\nDann 年金.";

let clock = new Date("2026-12-07T07:59:00Z");
let t: TestApp;
let mailbox: TestMailbox;
let engine: JobEngine;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, mailbox, engine, close } = await openMailedApp(() => clock));
});

afterAll(() => close());

async function person(fullName: string) {
  const { user, tokens } = await signInAs(t.deps, { fullName });
  const token = tokens.access_token;
  const patched = await call(t.app, "PATCH", "/users/me", {
    token,
    body: { email_reminders: true, time_zone: "Asia/Tokyo" },
  });
  expect(patched.status, patched.text).toBe(200);
  return { user, token };
}

async function withTitles(token: string) {
  const ids: number[] = [];
  for (const title of TITLES) {
    const res = await post(t.app, "/tasks/", {
      token,
      body: { title, due_date: "2026-12-07T10:30:00Z", frequency: "Weekly", notes: NOTES },
    });
    expect(res.status, res.text).toBe(201);
    ids.push((res.body as { id: number }).id);
  }
  const subscription = await post(t.app, "/subscriptions/", {
    token,
    body: {
      name: "نتفليكس العائلة",
      cost: 42,
      frequency: "Monthly",
      next_renewal_date: "2026-12-20",
    },
  });
  expect(subscription.status, subscription.text).toBe(201);
  return ids;
}

describe("the calendar feed of titles in any script", () => {
  it("folds every line within 75 octets, never inside a character, and reads back each title byte for byte", async () => {
    const { token } = await person(NAMES[0] ?? "");
    await withTitles(token);
    const feed = await get(t.app, "/calendar/feed", { token });
    const path = new URL((feed.body as { url: string }).url).pathname;
    const response = await t.app.request(path);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const lines = bytes.toString("latin1").split("\r\n");
    for (const line of lines) {
      const octets = Buffer.from(line, "latin1");
      expect(octets.length).toBeLessThanOrEqual(75);
      // Each physical line is whole UTF-8 on its own: no character cut across a fold.
      expect(() => new TextDecoder("utf-8", { fatal: true }).decode(octets)).not.toThrow();
    }
    const events = calendarOf(bytes.toString("utf8")).getAllSubcomponents("vevent");
    const summaries = events.map((event) => String(event.getFirstPropertyValue("summary")));
    for (const title of TITLES) {
      expect(
        summaries.filter((summary) => Buffer.from(summary).equals(Buffer.from(title))),
      ).toHaveLength(1);
    }
    expect(summaries).toContain("Renewal: نتفليكس العائلة ($42.00)");
    const descriptions = events.map((event) => event.getFirstPropertyValue("description"));
    // TEXT writes each line break as "\n" (RFC 5545 3.3.11): a CRLF reads back as LF.
    const notesRead = NOTES.replace(/\r\n/g, "\n");
    expect(descriptions.filter((description) => description === notesRead)).toHaveLength(
      TITLES.length,
    );
  });
});

describe("one task's .ics download", () => {
  it.each([
    ["年金の手続き", "年金の手続き.ics"],
    ["חידוש דרכון", "חידוש-דרכון.ics"],
    ["دفع فاتورة الكهرباء 42", "دفع-فاتورة-الكهرباء-42.ics"],
    ["Steuererklärung für Großeltern", "steuererklärung-für-großeltern.ics"],
  ])("is saved under a name of the title %s's own letters", async (title, fileName) => {
    const { token } = await person("Madonna");
    const created = await post(t.app, "/tasks/", {
      token,
      body: { title, due_date: "2026-12-07T10:30:00Z", frequency: "Once" },
    });
    const id = (created.body as { id: number }).id;
    const response = await t.app.request(`/tasks/${String(id)}/ics`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const disposition = response.headers.get("Content-Disposition") ?? "";
    const extended = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
    expect(decodeURIComponent(extended ?? "")).toBe(fileName);
    // The plain name a header can carry is ASCII, and still ends in .ics.
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*\.ics";/);
  });
});

describe("export and import of titles and names in any script", () => {
  it("writes the CSV and JSON as typed, and an import gives back the same", async () => {
    const first = await person(NAMES[2] ?? "");
    await withTitles(first.token);
    const exportOf = async (token: string) => {
      const response = await t.app.request("/users/me/export", {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return new Uint8Array(await response.arrayBuffer());
    };
    const zip = await exportOf(first.token);
    const entries = await zipEntries(zip);
    const text = (name: string) => entries.get(name)?.bytes.toString("utf8") ?? "";
    const archive = JSON.parse(text("data.json")) as AccountArchive;
    expect(archive.user.full_name).toBe(NAMES[2]);
    expect(archive.tasks.map((task) => task.title).sort()).toEqual([...TITLES].sort());
    const rows = parse<Record<string, string>>(text("tasks.csv"), { bom: true, columns: true });
    expect(rows.map((row) => row.Title).sort()).toEqual([...TITLES].sort());
    expect(rows.every((row) => row.Notes === NOTES)).toBe(true);

    const second = await person(NAMES[6] ?? "");
    const imported = await t.app.request("/users/me/import", {
      method: "POST",
      headers: { Authorization: `Bearer ${second.token}` },
      body: importForm(zip),
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const again = JSON.parse(
      (await zipEntries(await exportOf(second.token))).get("data.json")?.bytes.toString("utf8") ??
        "",
    ) as AccountArchive;
    expect(again.tasks).toEqual(archive.tasks);
    expect(again.subscriptions).toEqual(archive.subscriptions);
  });
});

describe("the morning email of titles in any script", () => {
  it("arrives with a plain ASCII subject (no title in it) and each title as typed", async () => {
    clock = new Date("2026-12-07T07:59:00Z");
    const { user, token } = await person(NAMES[5] ?? "");
    await withTitles(token);
    // 09:00 in Tokyo.
    clock = new Date("2026-12-07T00:00:00Z");
    await engine.sweepMornings();
    await vi.waitFor(
      () => {
        expect(mailbox.messages.some((m) => JSON.stringify(m.to).includes(user.email))).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    const mail = mailbox.messages.find((m) => JSON.stringify(m.to).includes(user.email));
    const subject = mail?.headerLines.find((line) => line.key === "subject")?.line ?? "";
    // The subject names no title, so it needs no RFC 2047 encoded words: it is ASCII as sent.
    expect(subject).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(mail?.subject).toBe(
      `Life Admin: ${String(TITLES.length)} reminders for Monday, 7 December 2026`,
    );
    for (const title of TITLES) expect(mail?.text).toContain(title);
    for (const title of TITLES) expect(mail?.html).toContain(title);
  });
});

describe("a household of names in any script", () => {
  it("lists each member's name as their provider gave it, a 120-character one whole", async () => {
    const long = NAMES[6] ?? "";
    expect(long).toHaveLength(120);
    const people = [];
    for (const name of NAMES) people.push(await newPerson(t, name));
    const [owner, ...members] = people;
    if (owner === undefined) throw new Error("no owner");
    await makeHousehold(t, owner, members);
    const household = await get(t.app, "/households/me", as(owner));
    expect(household.status, household.text).toBe(200);
    const names = (household.body as { members: { full_name: string }[] }).members.map(
      (member) => member.full_name,
    );
    expect(names.sort()).toEqual([...NAMES].sort());
  });

  it("refuses a name longer than a name may be with a 422 and a detail, not a 5xx", async () => {
    const { token } = await person("Madonna");
    const res = await call(t.app, "PATCH", "/users/me", {
      token,
      body: { full_name: "🌻".repeat(101) },
    });
    expect(res.status).toBe(422);
    expect(res.body).toHaveProperty("detail");
  });
});
