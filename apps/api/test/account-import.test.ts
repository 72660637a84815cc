// Issue 22: POST /users/me/import as a caller sees it. An archive comes back into an account with
// new ids and its links kept, read back through the API; importing it again adds nothing; what
// the account had stays; and every bad import is refused with its status and a message a person
// can act on, leaving the account exactly as it was.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subscription, Task, StoredFile } from "@life-admin/domain";
import type {
  AccountArchive,
  ArchiveCompletion,
  ArchiveSubscription,
  ArchiveTask,
} from "@life-admin/domain/archive";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { subscriptions, taskCompletions, tasks, users } from "../src/db/schema.js";
import {
  accountArchive,
  archiveCompletion,
  archiveFileOf,
  archiveSubscription,
  archiveTask,
  archiveZip,
  importForm,
  withDeclaredSize,
  withName,
  zipBytes,
} from "./support/account-archives.js";
import { pngBill } from "./support/documents.js";
import { get, post } from "./support/http.js";
import { signInAs, testConfig, useTestApp } from "./support/test-app.js";

const MAX_FILE = 120_000;
const QUOTA = 300_000;
const t = useTestApp({
  config: testConfig({
    MAX_UPLOAD_BYTES: String(MAX_FILE),
    MAX_FILE_BYTES_PER_USER: String(QUOTA),
    MAX_SUBSCRIPTIONS_PER_USER: "5",
  }),
});

let png: Buffer;
beforeAll(() => {
  png = pngBill();
});

// This file's imports stream into a temporary folder of their own (os.tmpdir() follows TMPDIR):
// CI runs the reliability suites beside it, whose imports, in other processes, leave their own
// folders in the machine's for a moment (eight of these tests once saw one). The files after this
// one in the same vitest worker get the machine's back.
const ownTmp = mkdtempSync(join(tmpdir(), "account-import-test-"));
vi.stubEnv("TMPDIR", ownTmp);
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(ownTmp, { recursive: true, force: true });
});

/** The folders imports stream their ZIP to (none is left after an answer). */
async function importFolders(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith("life-admin-import-"));
}

async function person() {
  const { user, tokens } = await signInAs(t.deps);
  return { id: user.id, token: tokens.access_token };
}

interface Answer {
  status: number;
  body: unknown;
}

async function importZip(token: string, zip: Uint8Array): Promise<Answer> {
  const response = await t.app.request("/users/me/import", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: importForm(zip),
  });
  return { status: response.status, body: await response.json() };
}

/** A PNG of `size` bytes (a real one, padded): typed PNG from its bytes. */
function pngOfSize(size: number): Buffer {
  return Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);
}

/** An archive with a file, a task made from it (completed twice), another task, and a subscription made from it. */
function sampleArchive() {
  const file = archiveFileOf(png, "water bill.png", {
    status: "read",
    proposal: {
      kind: "subscription",
      subscription: {
        name: "Northern Water",
        next_renewal_date: "2027-01-12",
        cost: 84.2,
        frequency: "Monthly",
        interval: 1,
        priority: "Medium",
        cancel_link: null,
        remind_days_before: 3,
        active: true,
      },
      amount: 84.2,
      currency: "GBP",
      confidence: {
        kind: 1,
        name: 0.9,
        next_renewal_date: 0.8,
        cost: 1,
        frequency: 0.5,
        amount: 1,
        currency: 1,
      },
    },
    error: null,
  });
  const weekly = archiveTask({
    title: "Water the plants",
    notes: "The ones on the balcony",
    category: "Home",
    // Every 2 weeks: its third occurrence is four weeks on.
    frequency: "Weekly",
    interval: 2,
    anchor_at: "2026-11-01T08:00:00.000Z",
    occurrence: 2,
    due_date: "2026-11-29T08:00:00.000Z",
    priority: "Low",
    file_uid: file.uid,
    completions: [
      {
        due_date: "2026-11-01T08:00:00.000Z",
        occurrence: 0,
        anchor_at: "2026-11-01T08:00:00.000Z",
        frequency: "Weekly",
        interval: 2,
        completed_at: "2026-11-01T09:12:00.000Z",
        skipped: false,
      },
      {
        due_date: "2026-11-15T08:00:00.000Z",
        occurrence: 1,
        anchor_at: "2026-11-01T08:00:00.000Z",
        frequency: "Weekly",
        interval: 2,
        completed_at: "2026-11-15T10:00:00.000Z",
        skipped: false,
      },
    ],
  });
  const once = archiveTask({
    title: "Renew the passport",
    completed: true,
    priority: "High",
    completions: [
      {
        due_date: "2027-02-01T09:00:00.000Z",
        occurrence: 0,
        anchor_at: "2027-02-01T09:00:00.000Z",
        frequency: "Once",
        interval: 1,
        completed_at: "2026-11-20T10:00:00.000Z",
        skipped: false,
      },
    ],
  });
  const water = archiveSubscription({
    file_uid: file.uid,
    cancel_link: "https://example.test/cancel",
  });
  const archive = accountArchive({ tasks: [weekly, once], subscriptions: [water], files: [file] });
  return { archive, files: { [file.path]: png } };
}

/**
 * Where inside data.json a new person's import of an archive of these tasks is refused (422),
 * after checking it added none of them.
 */
async function refusedAt(tasks: unknown[]): Promise<unknown[] | undefined> {
  const me = await person();
  const res = await importZip(me.token, await archiveZip({ ...accountArchive(), tasks }));
  expect(res.status).toBe(422);
  expect((await get(t.app, "/tasks/", { token: me.token })).body).toEqual([]);
  const [item] = (res.body as { detail: { loc: unknown[] }[] }).detail;
  return item?.loc;
}

/** Everything of the person's a caller or the counters can see: what a refusal must leave. */
async function snapshot(person: { id: number; token: string }) {
  const lists = await Promise.all(
    ["/tasks/", "/subscriptions/", "/files/", "/users/me"].map(
      async (path) => (await get(t.app, path, { token: person.token })).body,
    ),
  );
  const { db } = t.deps.database;
  const [user] = await db.select().from(users).where(eq(users.id, person.id));
  const [completions] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(taskCompletions)
    .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
    .where(eq(tasks.userId, person.id));
  return { lists, user, completions };
}

describe("POST /users/me/import", () => {
  it("brings an archive into an empty account with new ids and its links, and says what it added", async () => {
    const me = await person();
    const { archive, files } = sampleArchive();
    const before = await get(t.app, "/tasks/", { token: me.token });
    expect(before.body).toEqual([]);

    const res = await importZip(me.token, await archiveZip(archive, files));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      added: { tasks: 2, subscriptions: 1, files: 1, completions: 3 },
      skipped: { tasks: 0, subscriptions: 0, files: 0 },
    });

    const [file] = (await get(t.app, "/files/", { token: me.token })).body as StoredFile[];
    const [source] = archive.files;
    expect(file).toMatchObject({
      name: "water bill.png",
      content_type: "image/png",
      size: png.length,
      created_at: "2026-03-01T10:00:00Z",
      status: "read",
      proposal: source?.proposal,
      error: null,
    });
    const content = await t.app.request(`/files/${file?.id}/content`, {
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);

    // The list answer kept before the import is not sent again: the list cache sees the change.
    const listed = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    expect(listed.map((task) => task.title).sort()).toEqual([
      "Renew the passport",
      "Water the plants",
    ]);
    const weekly = listed.find((task) => task.title === "Water the plants");
    expect(weekly).toMatchObject({
      due_date: "2026-11-29T08:00:00Z",
      frequency: "Weekly",
      interval: 2,
      notes: "The ones on the balcony",
      category: "Home",
      priority: "Low",
      completed: false,
      file_id: file?.id,
    });
    expect(listed.find((task) => task.title === "Renew the passport")).toMatchObject({
      completed: true,
      file_id: null,
    });
    const [water] = (await get(t.app, "/subscriptions/", { token: me.token }))
      .body as Subscription[];
    expect(water).toMatchObject({
      name: "Northern Water",
      cost: 84.2,
      frequency: "Monthly",
      next_renewal_date: "2030-01-12",
      remind_days_before: 3,
      priority: "High",
      cancel_link: "https://example.test/cancel",
      active: true,
      file_id: file?.id,
    });

    // Undo follows the imported history: the latest completion, occurrence 1, comes back.
    const undone = await post(t.app, `/tasks/${weekly?.id}/uncomplete`, { token: me.token });
    expect(undone.body).toMatchObject({ due_date: "2026-11-15T08:00:00Z", interval: 2 });
    // The completed "Once" task came with its completion: Mark not done opens it again.
    const passport = listed.find((task) => task.title === "Renew the passport");
    const reopened = await post(t.app, `/tasks/${passport?.id}/uncomplete`, { token: me.token });
    expect(reopened.body).toMatchObject({ completed: false, due_date: "2027-02-01T09:00:00Z" });

    const { db } = t.deps.database;
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      taskCount: 2,
      subscriptionCount: 1,
      fileBytes: png.length,
      timeZone: "Europe/Paris",
      timeZoneChosen: true,
      reminderHour: 7,
      // The archive's email was on; an import never switches it on (decisions D13: opt-in).
      emailReminders: false,
      currency: "EUR",
      // The account's own.
      email: `${row?.subject}@example.test`,
      fullName: "Test User",
    });
    const uids = await db
      .select({ uid: tasks.uid, id: tasks.id })
      .from(tasks)
      .where(eq(tasks.userId, me.id));
    expect(uids.map((r) => r.uid).sort()).toEqual(archive.tasks.map((task) => task.uid).sort());
  });

  it("adds nothing when the same archive is imported again, and says all of it was there", async () => {
    const me = await person();
    const { archive, files } = sampleArchive();
    const zip = await archiveZip(archive, files);
    expect((await importZip(me.token, zip)).status).toBe(200);
    const once = await snapshot(me);

    const again = await importZip(me.token, zip);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      added: { tasks: 0, subscriptions: 0, files: 0, completions: 0 },
      skipped: { tasks: 2, subscriptions: 1, files: 1 },
    });
    const twice = await snapshot(me);
    expect(twice.lists).toEqual(once.lists);
    expect(twice.completions).toEqual(once.completions);
    expect(twice.user?.taskCount).toBe(2);
  });

  it("keeps what the account had, and links a new task to the account's own file of the same uid", async () => {
    const me = await person();
    const { archive, files } = sampleArchive();
    const own = await post(t.app, "/tasks/", {
      token: me.token,
      body: { title: "Pay the council tax", due_date: "2027-03-01T00:00:00Z", priority: "High" },
    });
    expect(own.status).toBe(201);
    // The file and the weekly task are there already; a new task made from that file is not.
    const first = accountArchive({ files: archive.files, tasks: archive.tasks.slice(0, 1) });
    expect((await importZip(me.token, await archiveZip(first, files))).status).toBe(200);
    const [kept] = (await get(t.app, "/files/", { token: me.token })).body as StoredFile[];
    const more = archiveTask({ title: "Check the meter", file_uid: archive.files[0]?.uid ?? null });
    const second = { ...archive, tasks: [...archive.tasks, more] };

    const res = await importZip(me.token, await archiveZip(second, files));
    expect(res.body).toEqual({
      added: { tasks: 2, subscriptions: 1, files: 0, completions: 1 },
      skipped: { tasks: 1, subscriptions: 0, files: 1 },
    });
    const listed = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    expect(listed.map((task) => task.title).sort()).toEqual([
      "Check the meter",
      "Pay the council tax",
      "Renew the passport",
      "Water the plants",
    ]);
    expect(listed.find((task) => task.title === "Check the meter")?.file_id).toBe(kept?.id);
    expect(listed.find((task) => task.title === "Pay the council tax")?.id).toBe(
      (own.body as Task).id,
    );
  });

  it("keeps a time zone and currency the account chose when the archive has none chosen", async () => {
    const me = await person();
    await t.deps.database.db
      .update(users)
      .set({ timeZone: "Asia/Tokyo", timeZoneChosen: true, currency: "JPY" })
      .where(eq(users.id, me.id));
    const archive = accountArchive();
    archive.user = { ...archive.user, time_zone: "UTC", time_zone_chosen: false, currency: null };
    expect((await importZip(me.token, await archiveZip(archive))).status).toBe(200);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ timeZone: "Asia/Tokyo", timeZoneChosen: true, currency: "JPY" });
  });

  it("keeps the time zone, currency and morning email the account chose over the archive's own choices", async () => {
    const me = await person();
    const chosen = {
      timeZone: "Asia/Tokyo",
      timeZoneChosen: true,
      currency: "JPY",
      emailReminders: true,
      reminderHour: 6,
    };
    await t.deps.database.db.update(users).set(chosen).where(eq(users.id, me.id));
    const { archive, files } = sampleArchive();
    expect(archive.user).toMatchObject({
      time_zone_chosen: true,
      currency: "EUR",
      reminder_hour: 7,
    });
    expect((await importZip(me.token, await archiveZip(archive, files))).status).toBe(200);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject(chosen);

    // An account with its email off is not opted in by an archive whose email is on.
    const other = await person();
    expect((await importZip(other.token, await archiveZip(archive, files))).status).toBe(200);
    const [fresh] = await t.deps.database.db.select().from(users).where(eq(users.id, other.id));
    expect(fresh).toMatchObject({ emailReminders: false, currency: "EUR" });
  });

  it("takes an archive of version 1, from before intervals, each schedule every 1", async () => {
    const me = await person();
    // Written as a version 1 export wrote them: no interval anywhere.
    const weekly: Partial<ArchiveTask> = archiveTask({ frequency: "Weekly", completions: [] });
    delete weekly.interval;
    const water: Partial<ArchiveSubscription> = archiveSubscription();
    delete water.interval;
    const older = { ...accountArchive(), version: 1, tasks: [weekly], subscriptions: [water] };
    const res = await importZip(me.token, await archiveZip(older));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [task] = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    expect(task).toMatchObject({ frequency: "Weekly", interval: 1 });
    const [subscription] = (await get(t.app, "/subscriptions/", { token: me.token }))
      .body as Subscription[];
    expect(subscription).toMatchObject({ frequency: "Monthly", interval: 1 });
  });

  it("refuses a version 2 archive whose schedule has no interval, naming it (422)", async () => {
    const task: Partial<ArchiveTask> = archiveTask({ frequency: "Weekly" });
    delete task.interval;
    expect(await refusedAt([task])).toEqual(["body", "file", "data.json", "tasks", 0, "interval"]);
  });

  it("keeps a version 3 archive's skips as skips, counted apart in the task's history", async () => {
    const me = await person();
    const weekly = { frequency: "Weekly" as const, anchor_at: "2026-11-02T07:00:00.000Z" };
    const bins = archiveTask({
      ...weekly,
      title: "Put the bins out",
      occurrence: 2,
      due_date: "2026-11-16T07:00:00.000Z",
      completions: [
        archiveCompletion({
          ...weekly,
          due_date: "2026-11-02T07:00:00.000Z",
          completed_at: "2026-11-02T08:00:00.000Z",
        }),
        archiveCompletion({
          ...weekly,
          occurrence: 1,
          due_date: "2026-11-09T07:00:00.000Z",
          completed_at: "2026-11-03T08:00:00.000Z",
          skipped: true,
        }),
      ],
    });
    const res = await importZip(me.token, await archiveZip(accountArchive({ tasks: [bins] })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [task] = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    const history = await get(t.app, `/tasks/${task?.id}/completions`, { token: me.token });
    expect(history.body).toEqual({
      total: 2,
      skips: 1,
      completions: [
        {
          due_date: "2026-11-09T07:00:00Z",
          completed_at: "2026-11-03T08:00:00Z",
          skipped: true,
        },
        {
          due_date: "2026-11-02T07:00:00Z",
          completed_at: "2026-11-02T08:00:00Z",
          skipped: false,
        },
      ],
    });
  });

  it("takes an archive of version 2, from before skips, every completion done", async () => {
    const me = await person();
    // Written as a version 2 export wrote it: no completion says whether it was skipped.
    const done: Partial<ArchiveCompletion> = archiveCompletion({ frequency: "Weekly" });
    delete done.skipped;
    const weekly = {
      ...archiveTask({ frequency: "Weekly", occurrence: 1, due_date: "2027-02-08T09:00:00.000Z" }),
      completions: [done],
    };
    const older = { ...accountArchive(), version: 2, tasks: [weekly] };
    const res = await importZip(me.token, await archiveZip(older));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [task] = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    const history = await get(t.app, `/tasks/${task?.id}/completions`, { token: me.token });
    expect(history.body).toMatchObject({ total: 1, skips: 0, completions: [{ skipped: false }] });
  });

  it("refuses a version 3 archive whose completion does not say whether it was skipped (422)", async () => {
    const done: Partial<ArchiveCompletion> = archiveCompletion();
    delete done.skipped;
    const once = { ...archiveTask({ completed: true }), completions: [done] };
    expect(await refusedAt([once])).toEqual([
      "body",
      "file",
      "data.json",
      "tasks",
      0,
      "completions",
      0,
      "skipped",
    ]);
  });

  it("takes an archive of version 3, from before a series could end, every task with no end", async () => {
    const me = await person();
    // Written as a version 3 export wrote it: no task says when its series ends.
    const weekly: Partial<ArchiveTask> = archiveTask({ frequency: "Weekly" });
    delete weekly.repeat_until;
    const older = { ...accountArchive(), version: 3, tasks: [weekly] };
    const res = await importZip(me.token, await archiveZip(older));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [task] = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    expect(task).toMatchObject({ frequency: "Weekly", repeat_until: null, completed: false });
  });

  it("refuses a version 4 archive whose task does not say when its series ends (422)", async () => {
    const weekly: Partial<ArchiveTask> = archiveTask({ frequency: "Weekly" });
    delete weekly.repeat_until;
    expect(await refusedAt([weekly])).toEqual([
      "body",
      "file",
      "data.json",
      "tasks",
      0,
      "repeat_until",
    ]);
  });

  it("keeps the end of a series, and a series that ended stays completed, its Undo as it was", async () => {
    const me = await person();
    const weekly = { frequency: "Weekly" as const, anchor_at: "2027-02-01T09:00:00.000Z" };
    // Its last occurrence, 8 February, was done: it ended there, due the week after.
    const ended = archiveTask({
      ...weekly,
      title: "Take the pills",
      occurrence: 2,
      due_date: "2027-02-15T09:00:00.000Z",
      repeat_until: "2027-02-08",
      completed: true,
      completions: [
        archiveCompletion({ ...weekly }),
        archiveCompletion({ ...weekly, occurrence: 1, due_date: "2027-02-08T09:00:00.000Z" }),
      ],
    });
    const ending = archiveTask({
      ...weekly,
      title: "Water the seedlings",
      repeat_until: "2027-03-31",
    });
    const res = await importZip(
      me.token,
      await archiveZip(accountArchive({ tasks: [ended, ending] })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const listed = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    const byTitle = (title: string) => listed.find((task) => task.title === title);
    expect(byTitle("Take the pills")).toMatchObject({
      due_date: "2027-02-15T09:00:00Z",
      repeat_until: "2027-02-08",
      completed: true,
    });
    expect(byTitle("Water the seedlings")).toMatchObject({
      repeat_until: "2027-03-31",
      completed: false,
    });
    // Mark not done puts its last occurrence back, pending, as it would have before the export.
    const undone = await post(t.app, `/tasks/${byTitle("Take the pills")?.id}/uncomplete`, {
      token: me.token,
    });
    expect(undone.body).toMatchObject({ due_date: "2027-02-08T09:00:00Z", completed: false });
  });

  it("takes a completed task that repeats (older builds' edit of a done 'Once' task) as pending, with its history", async () => {
    const me = await person();
    const completion = {
      due_date: "2026-11-20T09:00:00.000Z",
      occurrence: 0,
      anchor_at: "2026-11-20T09:00:00.000Z",
      frequency: "Once" as const,
      interval: 1,
      completed_at: "2026-11-20T10:00:00.000Z",
      skipped: false,
    };
    const madeWeekly = archiveTask({
      title: "Water the plants",
      frequency: "Weekly",
      anchor_at: "2026-11-20T09:00:00.000Z",
      due_date: "2026-11-20T09:00:00.000Z",
      completed: true,
      completions: [completion],
    });
    const res = await importZip(
      me.token,
      await archiveZip(accountArchive({ tasks: [madeWeekly] })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [task] = (await get(t.app, "/tasks/", { token: me.token })).body as Task[];
    expect(task).toMatchObject({
      frequency: "Weekly",
      due_date: "2026-11-20T09:00:00Z",
      completed: false,
    });
    const [kept] = await t.deps.database.db
      .select()
      .from(taskCompletions)
      .where(eq(taskCompletions.taskId, task?.id ?? 0));
    expect(kept?.frequency).toBe("Once");
  });
});

describe("POST /users/me/import refuses a bad import and changes nothing", () => {
  let me: { id: number; token: string };
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    me = await person();
    const { archive, files } = sampleArchive();
    expect((await importZip(me.token, await archiveZip(archive, files))).status).toBe(200);
    before = await snapshot(me);
  });

  /** The import's answer, after checking it changed nothing and left no temporary file. */
  async function refused(zip: Uint8Array): Promise<Answer> {
    const res = await importZip(me.token, zip);
    expect(await snapshot(me)).toEqual(before);
    expect(await importFolders()).toEqual([]);
    return res;
  }

  /** The first 422 item's loc and msg. */
  function firstItem(body: unknown) {
    const [item] = (body as { detail: { loc: unknown[]; msg: string }[] }).detail;
    return item;
  }

  /** A fresh archive (new uids, so that nothing would be skipped) and its files. */
  function fresh() {
    return sampleArchive();
  }

  /** A fresh archive's ZIP with `task` added after its two: tasks[2]. */
  function withThirdTask(task: ArchiveTask) {
    const { archive, files } = fresh();
    return archiveZip({ ...archive, tasks: [...archive.tasks, task] }, files);
  }

  /** The 422 of one fault at `path` in data.json, its message naming the place. */
  function refusalAt(path: (string | number)[], msg: string) {
    const item = { loc: ["body", "file", "data.json", ...path], msg, type: "value_error" };
    return { status: 422, body: { detail: [item] } };
  }

  it("refuses what is not a ZIP (415) and a ZIP cut short (400)", async () => {
    const notZip = await refused(Buffer.from("%PDF-1.7 this is no zip"));
    expect(notZip).toEqual({
      status: 415,
      body: {
        detail: "The file is not a ZIP. Choose the .zip file that Export in Life Admin gave you.",
      },
    });
    const { archive, files } = fresh();
    const zip = await archiveZip(archive, files);
    const cut = await refused(zip.subarray(0, Math.floor(zip.length / 2)));
    expect(cut.status).toBe(400);
    expect((cut.body as { detail: string }).detail).toMatch(
      /^The ZIP is damaged or was not made by Life Admin \(.+\)\. Export again/,
    );
    const empty = await importZip(me.token, new Uint8Array());
    expect(empty.status).toBe(422);
  });

  it("refuses a form cut short inside the file, even within the ZIP's first four bytes (422)", async () => {
    // A connection that breaks off (or a client that stops) after the part's first bytes: the
    // form is unreadable, whatever the sink made of the bytes so far. It once took the process
    // down when fewer than four had come (the sink's end, called after the form had erred).
    for (const bytes of [1, 2, 3, 4, 64]) {
      const head = Buffer.from(
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n' +
          "Content-Type: application/zip\r\n\r\n",
      );
      const zip = await archiveZip(fresh().archive, fresh().files);
      const response = await t.app.request("/users/me/import", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${me.token}`,
          "Content-Type": "multipart/form-data; boundary=cut",
        },
        body: Buffer.concat([head, zip.subarray(0, bytes)]),
      });
      expect({ bytes, status: response.status, body: await response.json() }).toEqual({
        bytes,
        status: 422,
        body: {
          detail: [
            {
              loc: ["body"],
              msg: "The form could not be read: Unexpected end of form",
              type: "value_error",
            },
          ],
        },
      });
    }
    expect(await snapshot(me)).toEqual(before);
    await expect.poll(importFolders).toEqual([]);
  });

  it("refuses a ZIP whose stored bytes fail their CRC-32, which yauzl leaves unchecked (400)", async () => {
    const { archive, files } = fresh();
    const [file] = archive.files;
    const zip = await archiveZip(archive, files);
    // The file is stored as it is: its last byte is in the ZIP as it was given.
    const at = zip.indexOf(png) + png.length - 1;
    zip[at] = (zip[at] ?? 0) ^ 0xff;
    const res = await refused(zip);
    expect(res).toEqual({
      status: 400,
      body: {
        detail: `The ZIP is damaged or was not made by Life Admin (${file?.path} fails its CRC-32). Export again from Life Admin and import the new file.`,
      },
    });
  });

  it("refuses a ZIP without data.json, with data.json that is not JSON, or of another format (422)", async () => {
    const none = await refused(await zipBytes([{ name: "tasks.csv", bytes: "title\n" }]));
    expect(none.status).toBe(422);
    expect(firstItem(none.body)).toMatchObject({
      loc: ["body", "file", "data.json"],
      msg: expect.stringContaining("the ZIP has no data.json") as string,
    });
    const notJson = await refused(await archiveZip("{ not json"));
    expect(notJson.status).toBe(422);
    expect(firstItem(notJson.body)?.msg).toMatch(/^data\.json: not valid JSON/);
    const other = await refused(await archiveZip({ ...fresh().archive, format: "something-else" }));
    expect(firstItem(other.body)).toMatchObject({
      loc: ["body", "file", "data.json", "format"],
      msg: 'data.json, format: this is not an export of Life Admin (its format is not "life-admin-account")',
    });
  });

  it("refuses an archive of a newer version by saying so (422)", async () => {
    const { archive, files } = fresh();
    const res = await refused(await archiveZip({ ...archive, version: 5 }, files));
    expect(res.status).toBe(422);
    expect(firstItem(res.body)).toMatchObject({
      loc: ["body", "file", "data.json", "version"],
      msg:
        "data.json, version: this export was made by a newer version of Life Admin (format " +
        "version 5); this server reads versions 1, 2, 3 and 4. Import it into an up-to-date Life Admin.",
    });
  });

  it("refuses an end of a series on a task that happens once, naming it (422)", async () => {
    // The database refuses the row too (tasks_once_until_check), in words that name no record.
    const dentist = archiveTask({ title: "Book the dentist", repeat_until: "2027-03-01" });
    expect(await refused(await withThirdTask(dentist))).toEqual(
      refusalAt(
        ["tasks", 2, "repeat_until"],
        "data.json, tasks[2].repeat_until: is 2027-03-01, but its frequency is Once: only a " +
          "repeating task's series ends on a date",
      ),
    );
  });

  it("refuses a pending task due after the end of its series, naming it (422)", async () => {
    const { archive, files } = fresh();
    // Due 29 November 2026 at 08:00 UTC, its series ended the day before: the database refuses
    // it pending (tasks_pending_until_check). Completed, it would be a series that ended.
    const pastEnd = structuredClone(archive);
    (pastEnd.tasks[0] as { repeat_until: string }).repeat_until = "2026-11-28";
    expect(await refused(await archiveZip(pastEnd, files))).toEqual(
      refusalAt(
        ["tasks", 0, "repeat_until"],
        "data.json, tasks[0].repeat_until: is before the date of its due_date (2026-11-29, UTC), " +
          "but the task is not completed: a pending task is due on or before the end of its series",
      ),
    );
    // Its due date's own day is no end before it.
    const sameDay = structuredClone(archive);
    (sameDay.tasks[0] as { repeat_until: string }).repeat_until = "2026-11-29";
    const other = await person();
    const taken = await importZip(other.token, await archiveZip(sameDay, files));
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it("refuses a skipped completion of a task that happens once, naming it (422)", async () => {
    // The database refuses the row too (task_completions_once_skip_check), in words that name no
    // record: "A value is outside what can be stored".
    const dentist = archiveTask({
      title: "Book the dentist",
      completions: [archiveCompletion({ skipped: true })],
    });
    expect(await refused(await withThirdTask(dentist))).toEqual(
      refusalAt(
        ["tasks", 2, "completions", 0, "skipped"],
        "data.json, tasks[2].completions[0].skipped: is true, but its frequency is Once: only a " +
          "repeating task's occurrence can be skipped",
      ),
    );
  });

  it("names the record and the field of a row that fails the format (422)", async () => {
    const { archive, files } = fresh();
    const bad: AccountArchive = structuredClone(archive);
    (bad.tasks[1] as { title: string }).title = "   ";
    (bad.subscriptions[0] as { cost: number }).cost = -3;
    const res = await refused(await archiveZip(bad, files));
    expect(res.status).toBe(422);
    expect((res.body as { detail: unknown[] }).detail).toEqual([
      {
        loc: ["body", "file", "data.json", "tasks", 1, "title"],
        msg: expect.stringMatching(/^data\.json, tasks\[1\]\.title: Task title/) as string,
        type: expect.any(String) as string,
      },
      {
        loc: ["body", "file", "data.json", "subscriptions", 0, "cost"],
        msg: "data.json, subscriptions[0].cost: Cost cannot be negative",
        type: "greater_than_equal",
      },
    ]);
    const nul = structuredClone(archive);
    (nul.tasks[0] as { notes: string }).notes = "a\u0000b";
    expect(firstItem((await refused(await archiveZip(nul, files))).body)?.loc).toEqual([
      "body",
      "file",
      "data.json",
      "tasks",
      0,
      "notes",
    ]);
    const zone = structuredClone(archive);
    zone.user.time_zone = "Mars/Olympus_Mons";
    expect(firstItem((await refused(await archiveZip(zone, files))).body)?.loc).toEqual([
      "body",
      "file",
      "data.json",
      "user",
      "time_zone",
    ]);
    // Schedules as the API keeps them (check-schedules.ts).
    const dueOff = structuredClone(archive);
    (dueOff.tasks[0] as { due_date: string }).due_date = "2030-01-01T08:00:00.000Z";
    const openless = structuredClone(archive);
    (openless.tasks[1] as { completions: unknown[] }).completions = [];
    // Its only completion a skip (of the weekly schedule it had): nothing for Mark not done to undo.
    const skipOnly = structuredClone(archive);
    (skipOnly.tasks[1] as { completions: unknown[] }).completions = [
      archiveCompletion({ frequency: "Weekly", skipped: true }),
    ];
    const offRenewal = structuredClone(archive);
    (offRenewal.subscriptions[0] as { renewal_anchor: string }).renewal_anchor = "2029-10-31";
    for (const [edited, loc] of [
      [dueOff, ["tasks", 0, "due_date"]],
      [openless, ["tasks", 1, "completed"]],
      [skipOnly, ["tasks", 1, "completed"]],
      [offRenewal, ["subscriptions", 0, "next_renewal_date"]],
    ] as const) {
      const refusal = await refused(await archiveZip(edited, files));
      expect(refusal.status).toBe(422);
      expect(firstItem(refusal.body)?.loc).toEqual(["body", "file", "data.json", ...loc]);
    }
    // A year PostgreSQL has no room for is the record's field, not a database error.
    const year0 = structuredClone(archive);
    (year0.tasks[1] as { created_at: string }).created_at = "0000-01-01T00:00:00.000Z";
    expect(firstItem((await refused(await archiveZip(year0, files))).body)).toMatchObject({
      loc: ["body", "file", "data.json", "tasks", 1, "created_at"],
      msg: "data.json, tasks[1].created_at: Use a date and time in the years 0001 to 9999 (UTC)",
    });
    const money = structuredClone(archive);
    money.user.currency = "XXX";
    expect(firstItem((await refused(await archiveZip(money, files))).body)).toMatchObject({
      loc: ["body", "file", "data.json", "user", "currency"],
      msg: "data.json, user.currency: use a currency this app knows, such as EUR or GBP",
    });
    const dangling = structuredClone(archive);
    (dangling.tasks[1] as { file_uid: string }).file_uid = randomUUID();
    expect(firstItem((await refused(await archiveZip(dangling, files))).body)?.msg).toMatch(
      /^data\.json, tasks\[1\]\.file_uid: names a file \(.+\) that is not in the archive$/,
    );
  });

  it("refuses 100,000 tasks at once, before checking them (409)", async () => {
    const task = archiveTask();
    const many = accountArchive({
      tasks: Array.from({ length: 100_000 }, (_, i) => ({
        ...task,
        uid: randomUUID(),
        title: `Task ${i}`,
      })),
    });
    // How fast it is refused is a figure of reliability suite 16 (RELIABILITY.md), not a check
    // here: a busy machine would fail it.
    const res = await refused(await archiveZip(many));
    expect(res).toEqual({
      status: 409,
      body: {
        detail:
          "The archive has 100,000 tasks: more than one person may keep (the limit is 50,000). Nothing was imported.",
      },
    });
  });

  it("refuses more subscriptions than the account has room for, counting what it has (409)", async () => {
    const rows = Array.from({ length: 5 }, () => archiveSubscription());
    const res = await refused(await archiveZip(accountArchive({ subscriptions: rows })));
    expect(res).toEqual({
      status: 409,
      body: {
        detail:
          "This import would take you past the limit of 5 subscriptions: you have 1 and it adds 5. Delete some to import it. Nothing was imported.",
      },
    });
  });

  it("refuses a file over the files limit, and files over the quota (413)", async () => {
    const big = pngOfSize(MAX_FILE + 1);
    const bigFile = archiveFileOf(big, "scan.png");
    const tooBig = await refused(
      await archiveZip(accountArchive({ files: [bigFile] }), { [bigFile.path]: big }),
    );
    expect(tooBig).toEqual({
      status: 413,
      body: {
        detail:
          'The file "scan.png" in the archive is 117.2 KiB: the limit for one file is 117.2 KiB. Nothing was imported.',
      },
    });
    const parts = [1, 2, 3].map((i) => {
      const bytes = pngOfSize(100_000 + i);
      return { bytes, file: archiveFileOf(bytes, `page ${i}.png`) };
    });
    const overQuota = await refused(
      await archiveZip(
        accountArchive({ files: parts.map((part) => part.file) }),
        Object.fromEntries(parts.map(({ file, bytes }) => [file.path, bytes])),
      ),
    );
    expect(overQuota.status).toBe(413);
    expect((overQuota.body as { detail: string }).detail).toMatch(
      /^This import's files \(293 KiB\) would take your files past your limit of 293 KiB/,
    );
  });

  it("refuses a file that is missing, altered, of another size or type, or away from its path (422)", async () => {
    const { archive } = fresh();
    const [file] = archive.files;
    if (file === undefined) throw new Error("no file");
    const missing = await refused(await archiveZip(archive));
    expect(firstItem(missing.body)).toMatchObject({
      loc: ["body", "file", "data.json", "files", 0, "path"],
      msg: `data.json, files[0].path: the ZIP has no ${file.path}`,
    });
    const altered = Buffer.from(png);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 0xff;
    const changed = await refused(await archiveZip(archive, { [file.path]: altered }));
    expect(firstItem(changed.body)).toMatchObject({
      loc: ["body", "file", "data.json", "files", 0, "sha256"],
      msg: `data.json, files[0].sha256: the bytes of ${file.path} do not match their SHA-256: the archive was altered or damaged`,
    });
    const longer = await refused(
      await archiveZip(archive, { [file.path]: Buffer.concat([png, Buffer.from("x")]) }),
    );
    expect(firstItem(longer.body)?.loc).toEqual(["body", "file", "data.json", "files", 0, "size"]);
    const pdf = Buffer.from("%PDF-1.7\n% not a png at all\n");
    const pdfFile = archiveFileOf(pdf, "bill.png");
    const wrongType = await refused(
      await archiveZip(accountArchive({ files: [pdfFile] }), { [pdfFile.path]: pdf }),
    );
    expect(firstItem(wrongType.body)?.loc).toEqual([
      "body",
      "file",
      "data.json",
      "files",
      0,
      "content_type",
    ]);
    const moved = { ...file, path: `files/${file.uid}/other.png` };
    const away = await refused(
      await archiveZip({ ...archive, files: [moved] }, { [moved.path]: png }),
    );
    expect(firstItem(away.body)).toMatchObject({
      loc: ["body", "file", "data.json", "files", 0, "path"],
      msg: `data.json, files[0].path: must be "${file.path}"`,
    });
    const named = {
      ...file,
      name: "../../etc/passwd.png",
      path: `files/${file.uid}/../../etc/passwd.png`,
    };
    const climbing = await refused(await archiveZip({ ...archive, files: [named] }));
    expect(firstItem(climbing.body)?.loc).toEqual([
      "body",
      "file",
      "data.json",
      "files",
      0,
      "name",
    ]);
  });

  it("refuses entries whose names climb out or are absolute, as yauzl reads them (400)", async () => {
    const { archive, files } = fresh();
    const zip = await archiveZip(archive, files, [{ name: "files/aaaaaa.txt", bytes: "x" }]);
    for (const [name, words] of [
      ["../../../etc/pwd", "invalid relative path: ../../../etc/pwd"],
      ["/etc/cron.d/evil", "absolute path: /etc/cron.d/evil"],
      ["files\\..\\xyz.txt", "invalid characters in fileName: files\\..\\xyz.txt"],
    ] as const) {
      const res = await refused(withName(zip, "files/aaaaaa.txt", name));
      expect(res).toEqual({
        status: 400,
        body: {
          detail: `The ZIP has an entry with an unsafe name (${words}): a Life Admin export never has one. Nothing was imported.`,
        },
      });
    }
  });

  it("refuses a data.json that declares too many bytes (413) or gives more than it declares: a zip bomb (400)", async () => {
    const { archive, files } = fresh();
    const zip = await archiveZip(archive, files);
    const declared = await refused(withDeclaredSize(zip, "data.json", 2 ** 31));
    expect(declared).toEqual({
      status: 413,
      body: { detail: "The archive's data.json is 2 GiB: an import reads at most 128 MiB." },
    });
    // 64 MiB of spaces deflate to about 64 kB; the ZIP says they are 100 bytes.
    const padded = JSON.stringify(archive) + " ".repeat(64 * 2 ** 20);
    const bomb = withDeclaredSize(await archiveZip(padded, files), "data.json", 100);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await refused(bomb);
    expect(res.status).toBe(400);
    expect((res.body as { detail: string }).detail).toMatch(/too many bytes in the stream/);
  });

  it("refuses a ZIP that lists more than 50,000 entries, before reading them (413)", async () => {
    const zip = await archiveZip(fresh().archive);
    // The end record's counts of entries (on this disk, and in all).
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    zip.writeUInt16LE(60_000, end + 8);
    zip.writeUInt16LE(60_000, end + 10);
    expect(await refused(zip)).toEqual({
      status: 413,
      body: { detail: "The ZIP has 60,000 entries: an import takes at most 50,000." },
    });
  });

  it("refuses a body declared larger than the quota and room for data.json, before reading it (413)", async () => {
    const response = await t.app.request("/users/me/import", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${me.token}`,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(2 ** 31),
      },
      body: "--x--",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      detail: "The file is too large: the limit is 256.3 MiB.",
    });
    expect(await snapshot(me)).toEqual(before);
  });

  it("answers 401 without a sign-in and 422 without a file", async () => {
    const unsigned = await t.app.request("/users/me/import", {
      method: "POST",
      body: importForm(await archiveZip(accountArchive())),
    });
    expect(unsigned.status).toBe(401);
    const form = new FormData();
    form.append("other", "x");
    const noFile = await t.app.request("/users/me/import", {
      method: "POST",
      headers: { Authorization: `Bearer ${me.token}` },
      body: form,
    });
    expect(noFile.status).toBe(422);
    expect(await snapshot(me)).toEqual(before);
  });
});

// The rows an import wrote are the person's alone: another person's import of the same archive
// adds its own copies (uids are unique per person, not across people).
describe("POST /users/me/import, two people", () => {
  it("gives each person their own copy of the same archive", async () => {
    const [a, b] = [await person(), await person()];
    const { archive, files } = sampleArchive();
    const zip = await archiveZip(archive, files);
    expect((await importZip(a.token, zip)).body).toMatchObject({ added: { tasks: 2 } });
    expect((await importZip(b.token, zip)).body).toMatchObject({ added: { tasks: 2 } });
    const rows = await t.deps.database.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(inArray(subscriptions.userId, [a.id, b.id]));
    expect(rows).toHaveLength(2);
  });
});
