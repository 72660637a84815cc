// Issue 22: "export, import, export gives back the same data". One person's tasks (one completed
// twice and skipped once, ending on a date, one made from their file, and one whose series has
// ended), subscription, file and settings, exported; the ZIP imported into a second, empty
// account; that account exported: data.json is the same, every field of it (created_at, a file's
// status, the settings, each skip, each end of a series), but for when it was made and whose
// account it is, and every file's bytes are the same. (account-export.test.ts
// holds the records to the same, leaving out what an import might not keep; this holds the import
// to keeping all of it.)
import type { Task } from "@life-admin/domain";
import { TaskHistorySchema } from "@life-admin/domain/task-history-answer";
import type { AccountArchive } from "@life-admin/domain/archive";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { importForm } from "./support/account-archives.js";
import { pngBill } from "./support/documents.js";
import { get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";
import { upload } from "./support/uploads.js";
import { type ZipEntryRead, zipEntries } from "./support/zip-entries.js";

// Before the weekly task's first three due dates, so that each is closed on time (decisions D9).
const t = useTestApp({ now: () => new Date("2026-10-01T00:00:00Z") });

async function exported(token: string): Promise<Map<string, ZipEntryRead>> {
  const response = await t.app.request("/users/me/export", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return zipEntries(new Uint8Array(await response.arrayBuffer()));
}

/** How many times the person's task titled `title` was closed, and how many of those were skips. */
async function historyOf(token: string, title: string) {
  const listed = (await get(t.app, "/tasks/", { token })).body as Task[];
  const id = listed.find((task) => task.title === title)?.id;
  const history = await get(t.app, `/tasks/${id}/completions`, { token });
  expect(history.status, history.text).toBe(200);
  const { total, skips } = TaskHistorySchema.parse(history.body);
  return { total, skips };
}

function archiveOf(entries: Map<string, ZipEntryRead>): AccountArchive {
  return JSON.parse(entries.get("data.json")?.bytes.toString("utf8") ?? "null") as AccountArchive;
}

describe("export, import into another account, export", () => {
  it("gives back the same data and the same files", async () => {
    const first = await signInAs(t.deps);
    const token = first.tokens.access_token;
    await t.deps.database.db
      .update(users)
      .set({ timeZone: "Europe/Paris", timeZoneChosen: true, currency: "EUR", reminderHour: 6 })
      .where(eq(users.id, first.user.id));
    const png = pngBill();
    const stored = await upload(t.app, token, png, { name: "meter.png" });
    expect(stored.status).toBe(201);
    const weekly = await post(t.app, "/tasks/", {
      token,
      body: {
        title: "Read the meter",
        due_date: "2026-11-02T08:00:00Z",
        frequency: "Weekly",
        repeat_until: "2026-12-28",
        notes: "Before nine",
        file_id: stored.file.id,
      },
    });
    const id = (weekly.body as Task).id;
    for (const [action, due] of [
      ["complete", "2026-11-02T08:00:00Z"],
      ["complete", "2026-11-09T08:00:00Z"],
      ["skip", "2026-11-16T08:00:00Z"],
    ]) {
      expect(
        (await post(t.app, `/tasks/${id}/${action}`, { token, body: { due_date: due } })).status,
      ).toBe(200);
    }
    await post(t.app, "/tasks/", {
      token,
      body: { title: "Renew the passport", due_date: "2027-05-01T00:00:00Z", frequency: "Once" },
    });
    // Daily until 3 November, both days done: the series has ended (decisions D9).
    const pills = await post(t.app, "/tasks/", {
      token,
      body: {
        title: "Take the pills",
        due_date: "2026-11-02T08:00:00Z",
        frequency: "Daily",
        repeat_until: "2026-11-03",
      },
    });
    for (const due of ["2026-11-02T08:00:00Z", "2026-11-03T08:00:00Z"]) {
      const done = await post(t.app, `/tasks/${(pills.body as Task).id}/complete`, {
        token,
        body: { due_date: due },
      });
      expect(done.status, done.text).toBe(200);
    }
    await post(t.app, "/subscriptions/", {
      token,
      body: {
        name: "Northern Water",
        cost: 84.2,
        next_renewal_date: "2030-01-12",
        frequency: "Monthly",
        file_id: stored.file.id,
      },
    });
    const before = await exported(token);

    const second = await signInAs(t.deps);
    const zip = await t.app.request("/users/me/export", {
      headers: { Authorization: `Bearer ${token}` },
    });
    const imported = await t.app.request("/users/me/import", {
      method: "POST",
      headers: { Authorization: `Bearer ${second.tokens.access_token}` },
      body: importForm(new Uint8Array(await zip.arrayBuffer())),
    });
    expect(await imported.json()).toEqual({
      added: { tasks: 3, subscriptions: 1, files: 1, completions: 5 },
      skipped: { tasks: 0, subscriptions: 0, files: 0 },
    });
    const after = await exported(second.tokens.access_token);

    const [a, b] = [archiveOf(before), archiveOf(after)];
    const mine = (archive: AccountArchive) => ({
      ...archive,
      exported_at: null,
      user: { ...archive.user, email: null, full_name: null },
    });
    expect(mine(b)).toEqual(mine(a));
    expect(a.tasks).toHaveLength(3);
    const closed = a.tasks.find((task) => task.completions.length === 3)?.completions;
    expect(closed?.map((completion) => completion.skipped)).toEqual([false, false, true]);
    // The skip is still a skip: the history counts it apart, as it did.
    const history = await historyOf(token, "Read the meter");
    expect(history).toEqual({ total: 3, skips: 1 });
    expect(await historyOf(second.tokens.access_token, "Read the meter")).toEqual(history);
    // Each end is kept: the meter's still ahead, the pills' series ended and completed.
    const ends = (archive: AccountArchive) =>
      archive.tasks.map(({ title, repeat_until, completed }) => ({
        title,
        repeat_until,
        completed,
      }));
    expect(ends(a)).toEqual([
      { title: "Read the meter", repeat_until: "2026-12-28", completed: false },
      { title: "Renew the passport", repeat_until: null, completed: false },
      { title: "Take the pills", repeat_until: "2026-11-03", completed: true },
    ]);
    const listed = (await get(t.app, "/tasks/", { token: second.tokens.access_token }))
      .body as Task[];
    expect(listed.find((task) => task.title === "Take the pills")).toMatchObject({
      due_date: "2026-11-04T08:00:00Z",
      repeat_until: "2026-11-03",
      completed: true,
    });
    expect(b.user).toMatchObject({ time_zone: "Europe/Paris", currency: "EUR", reminder_hour: 6 });
    const [file] = b.files;
    expect(after.get(file?.path ?? "")?.bytes.equals(png)).toBe(true);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  });
});
