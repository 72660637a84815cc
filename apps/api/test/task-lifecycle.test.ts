// Issue 18: a task read, edited, deleted, completed and its completion undone (decisions D9, D4),
// as a caller notices it: the answers, the list, and the completions kept as history.
import { type TaskWithSharing, TaskWithSharingSchema } from "@life-admin/domain/household";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { taskCompletions } from "../src/db/schema.js";
import { RENEW_PASSPORT as renewPassport } from "./support/bodies.js";
import { type JsonResponse, call, get, post } from "./support/http.js";
import { completionsOf as storedCompletionsOf } from "./support/account-rows.js";
import { signInAs, useTestApp } from "./support/test-app.js";

// Before every due date below, so that each completion is on time and moves one interval (a
// completion made late skips the missed occurrences: task-completion-late.test.ts).
const t = useTestApp({ now: () => new Date("2024-01-01T00:00:00Z") });

async function user() {
  const { user: row, tokens } = await signInAs(t.deps);
  const token = tokens.access_token;
  return {
    id: row.id,
    token,
    async create(body: object = renewPassport): Promise<TaskWithSharing> {
      const res = await post(t.app, "/tasks/", { token, body });
      expect(res.status, res.text).toBe(201);
      return TaskWithSharingSchema.parse(res.body);
    },
    read: (id: number | string) => get(t.app, `/tasks/${id}`, { token }),
    edit: (id: number | string, body: unknown) =>
      call(t.app, "PATCH", `/tasks/${id}`, { token, body }),
    remove: (id: number | string) => call(t.app, "DELETE", `/tasks/${id}`, { token }),
    complete: (id: number | string, body?: unknown) =>
      post(t.app, `/tasks/${id}/complete`, { token, ...(body === undefined ? {} : { body }) }),
    uncomplete: (id: number | string) => post(t.app, `/tasks/${id}/uncomplete`, { token }),
    async list(): Promise<TaskWithSharing[]> {
      return (await get(t.app, "/tasks/", { token })).body as TaskWithSharing[];
    },
    /** decisions D9's example: a monthly task from 31 January 2026 (then 28 Feb, 31 Mar...). */
    monthlyFromJanuary31(): Promise<TaskWithSharing> {
      return this.create({ ...renewPassport, frequency: "Monthly", due_date: JANUARY_31 });
    },
  };
}

const JANUARY_31 = "2026-01-31T09:30:00Z";

/** The due date a 200 answered, after checking it is a whole task. */
function dueOf(res: JsonResponse): string {
  expect(res.status, res.text).toBe(200);
  return TaskWithSharingSchema.parse(res.body).due_date;
}

const completionsOf = (taskId: number) => storedCompletionsOf(t.deps.database.db, taskId);

describe("GET /tasks/{task_id}", () => {
  it("answers the task exactly as it was answered on create", async () => {
    const alice = await user();
    const created = await post(t.app, "/tasks/", { token: alice.token, body: renewPassport });
    const read = await alice.read((created.body as TaskWithSharing).id);
    expect(read.status).toBe(200);
    expect(read.text).toBe(created.text);
  });

  it("answers 404 'Task not found' for an unknown id and for another user's", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    for (const id of [bobs.id, bobs.id + 1000, 2_147_483_647, 2_147_483_648, "9".repeat(40)]) {
      const res = await alice.read(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ detail: "Task not found" });
    }
  });

  it.each(["0", "-1", "abc", "1.5", "1e3", "01", "%20", "0x1F"])(
    "answers 422 in FastAPI's shape, located in the path, for the id %j",
    async (id) => {
      const alice = await user();
      const res = await alice.read(id);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ detail: [{ loc: ["path", "task_id"] }] });
    },
  );

  it("needs a signed-in user", async () => {
    const res = await get(t.app, "/tasks/1");
    expect(res.status).toBe(401);
  });
});

describe("PATCH /tasks/{task_id}", () => {
  it("changes each field sent, by the create's rules, and nothing else", async () => {
    const alice = await user();
    const task = await alice.create();
    const res = await alice.edit(task.id, {
      title: "  Renew both passports ",
      notes: "Four photos",
      due_date: "2026-04-01T10:00:00+01:00",
      frequency: "Once",
      priority: "Low",
      category: "Travel",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...task,
      title: "Renew both passports",
      notes: "Four photos",
      description: "Four photos",
      due_date: "2026-04-01T09:00:00Z",
      repeats_from: "2026-04-01T09:00:00Z",
      frequency: "Once",
      priority: "Low",
      category: "Travel",
    });
    expect(await alice.list()).toEqual([res.body]);
    expect((await alice.read(task.id)).text).toBe(res.text);
  });

  it("clears notes and category with null, and leaves out what is not sent", async () => {
    const alice = await user();
    const task = await alice.create();
    await alice.edit(task.id, { category: "Travel" });
    const res = await alice.edit(task.id, { notes: null, category: null });
    expect(res.body).toEqual({ ...task, notes: null, description: null, category: null });
  });

  it("answers an empty body with the task unchanged, and changes nothing", async () => {
    const alice = await user();
    const task = await alice.create();
    const before = await alice.list();
    for (const body of [{}, { unknown: "ignored" }]) {
      const res = await alice.edit(task.id, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(task);
    }
    expect(await alice.list()).toEqual(before);
  });

  it("refuses what a create refuses, with 422 naming the field, and changes nothing", async () => {
    const alice = await user();
    const task = await alice.create();
    for (const [field, value] of [
      ["title", " "],
      ["title", null],
      ["due_date", "2026-02-30T00:00:00Z"],
      ["frequency", "Hourly"],
      ["priority", null],
      ["notes", "n".repeat(2001)],
      ["category", 5],
    ] as const) {
      const res = await alice.edit(task.id, { [field]: value });
      expect(res.status, `${field}: ${JSON.stringify(value)}`).toBe(422);
      expect(res.body).toMatchObject({ detail: [{ loc: ["body", field] }] });
    }
    expect((await alice.edit(task.id, "not an object")).status).toBe(422);
    const notJson = await call(t.app, "PATCH", `/tasks/${task.id}`, {
      token: alice.token,
      raw: "{",
    });
    expect(notJson.status).toBe(422);
    expect(await alice.list()).toEqual([task]);
  });

  it("answers 404 for another user's task and leaves it as it was", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    const res = await alice.edit(bobs.id, { title: "Mine now" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Task not found" });
    expect(await bob.list()).toEqual([bobs]);
  });

  it("starts the recurrence again from a new due date or frequency (decisions D9)", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Monthly" });
    await alice.complete(task.id); // 1 April
    await alice.edit(task.id, { due_date: JANUARY_31 });
    expect(dueOf(await alice.complete(task.id))).toBe("2026-02-28T09:30:00Z");
    expect(dueOf(await alice.complete(task.id))).toBe("2026-03-31T09:30:00Z");
    await alice.edit(task.id, { frequency: "Weekly" });
    expect(dueOf(await alice.complete(task.id))).toBe("2026-04-07T09:30:00Z");
  });

  it("makes a done 'Once' task edited to repeat pending from its due date, keeping its completion", async () => {
    const alice = await user();
    // Due ahead of any test's clock: completing it is never late.
    const passport = { ...renewPassport, due_date: "2099-03-01T09:30:00Z" };
    const task = await alice.create({ ...passport, frequency: "Once" });
    await alice.complete(task.id);
    const edited = await alice.edit(task.id, { ...passport, frequency: "Weekly" });
    expect(edited.body).toEqual({ ...task, frequency: "Weekly", completed: false });
    expect(await completionsOf(task.id)).toHaveLength(1);
    expect(dueOf(await alice.complete(task.id))).toBe("2099-03-08T09:30:00Z");
  });

  it("keeps the anchor when the due date and frequency are sent again unchanged (an edit form sends every field)", async () => {
    const alice = await user();
    const task = await alice.monthlyFromJanuary31();
    const february = (await alice.complete(task.id)).body as TaskWithSharing;
    expect(february.due_date).toBe("2026-02-28T09:30:00Z");
    await alice.edit(task.id, { ...february, title: "Renew passports" });
    expect(dueOf(await alice.complete(task.id))).toBe("2026-03-31T09:30:00Z");
  });

  it("keeps the anchor's day when only the time of day changes, at the new time", async () => {
    const alice = await user();
    const task = await alice.monthlyFromJanuary31();
    const february = (await alice.complete(task.id)).body as TaskWithSharing;
    const edited = await alice.edit(task.id, { ...february, due_date: "2026-02-28T10:15:00Z" });
    expect(dueOf(edited)).toBe("2026-02-28T10:15:00Z");
    expect(dueOf(await alice.complete(task.id))).toBe("2026-03-31T10:15:00Z");
    // Undone, it is the occurrence it was, at its new time.
    expect(dueOf(await alice.uncomplete(task.id))).toBe("2026-02-28T10:15:00Z");
  });
});

describe("DELETE /tasks/{task_id}", () => {
  it("answers 204 with no body, and the task and its completions are gone", async () => {
    const alice = await user();
    const task = await alice.create();
    const other = await alice.create({ ...renewPassport, title: "Other" });
    await alice.complete(task.id);
    expect(await completionsOf(task.id)).toHaveLength(1);
    const res = await alice.remove(task.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await alice.read(task.id)).status).toBe(404);
    expect((await alice.remove(task.id)).status).toBe(404);
    expect(await alice.list()).toEqual([other]);
    expect(await completionsOf(task.id)).toEqual([]);
  });

  it("answers 404 for another user's task and deletes nothing", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    await bob.complete(bobs.id);
    const before = await bob.list();
    const res = await alice.remove(bobs.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Task not found" });
    expect(await bob.list()).toEqual(before);
    expect(await completionsOf(bobs.id)).toHaveLength(1);
  });
});

describe("POST /tasks/{task_id}/complete", () => {
  it("completes a task that happens once, and completing it again changes nothing", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Once" });
    const done = await alice.complete(task.id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ...task, completed: true });
    const again = await alice.complete(task.id);
    expect(again.text).toBe(done.text);
    expect(await completionsOf(task.id)).toHaveLength(1);
    expect(await alice.list()).toEqual([done.body]);
  });

  it.each([
    ["Daily", "2026-03-01T09:30:00Z", ["2026-03-02T09:30:00Z", "2026-03-03T09:30:00Z"]],
    ["Weekly", "2026-03-01T09:30:00Z", ["2026-03-08T09:30:00Z", "2026-03-15T09:30:00Z"]],
    [
      "Monthly",
      "2026-01-31T09:30:00Z",
      ["2026-02-28T09:30:00Z", "2026-03-31T09:30:00Z", "2026-04-30T09:30:00Z"],
    ],
    [
      "Yearly",
      "2024-02-29T00:00:00Z",
      [
        "2025-02-28T00:00:00Z",
        "2026-02-28T00:00:00Z",
        "2027-02-28T00:00:00Z",
        "2028-02-29T00:00:00Z",
      ],
    ],
  ])(
    "moves a %s task from %s to each next occurrence, counted from its anchor, staying pending",
    async (frequency, due_date, expected) => {
      const alice = await user();
      const task = await alice.create({ ...renewPassport, frequency, due_date });
      const dues: string[] = [];
      while (dues.length < expected.length) {
        const res = await alice.complete(task.id);
        expect(res.body).toMatchObject({ completed: false, frequency });
        dues.push(dueOf(res));
      }
      expect(dues).toEqual(expected);
      expect((await alice.list()).map((listed) => listed.due_date)).toEqual([expected.at(-1)]);
    },
  );

  it("keeps every completion: the due date it closed, its occurrence number and when", async () => {
    const alice = await user();
    const task = await alice.monthlyFromJanuary31();
    for (let i = 0; i < 3; i += 1) await alice.complete(task.id);
    const kept = await completionsOf(task.id);
    expect(kept.map((c) => [c.dueDate.toISOString(), c.occurrence])).toEqual([
      ["2026-01-31T09:30:00.000Z", 0],
      ["2026-02-28T09:30:00.000Z", 1],
      ["2026-03-31T09:30:00.000Z", 2],
    ]);
    for (const completion of kept) expect(completion.completedAt).toBeInstanceOf(Date);
  });

  it("completes the occurrence the caller saw only while it is the current one", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Daily" });
    // The same instant written another way is the same occurrence.
    const moved = await alice.complete(task.id, { due_date: "2026-03-01T10:30:00+01:00" });
    expect(dueOf(moved)).toBe("2026-03-02T09:30:00Z");
    // A second tab that saw 1 March: that occurrence is done already; nothing changes.
    const stale = await alice.complete(task.id, { due_date: task.due_date });
    expect(stale.text).toBe(moved.text);
    expect(await completionsOf(task.id)).toHaveLength(1);
  });

  it("completes once when two callers complete the same occurrence at the same moment", async () => {
    const alice = await user();
    for (const frequency of ["Daily", "Once"]) {
      const task = await alice.create({ ...renewPassport, frequency });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => alice.complete(task.id, { due_date: task.due_date })),
      );
      const [first] = answers;
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(first?.text);
      }
      expect(await completionsOf(task.id)).toHaveLength(1);
      const expected = frequency === "Once" ? task.due_date : "2026-03-02T09:30:00Z";
      expect(first?.body).toMatchObject({ due_date: expected, completed: frequency === "Once" });
    }
  });

  it("takes no body, an empty one, or the due date, and refuses anything else", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Daily" });
    const noType = await t.app.request(`/tasks/${task.id}/complete`, {
      method: "POST",
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    expect(noType.status).toBe(200);
    const empty = await call(t.app, "POST", `/tasks/${task.id}/complete`, {
      token: alice.token,
      raw: "",
      headers: { "Content-Type": "application/json" },
    });
    expect(dueOf(empty)).toBe("2026-03-03T09:30:00Z");
    const badDate = await alice.complete(task.id, { due_date: "yesterday" });
    expect(badDate.status).toBe(422);
    expect(badDate.body).toMatchObject({ detail: [{ loc: ["body", "due_date"] }] });
    const notJson = await call(t.app, "POST", `/tasks/${task.id}/complete`, {
      token: alice.token,
      raw: "due_date=2026-03-03",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await completionsOf(task.id)).toHaveLength(2);
  });

  it("completes a task whose due date was written in SQL with microseconds", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Daily" });
    await t.deps.database.db.execute(
      sql`UPDATE tasks SET due_date = due_date + interval '123 microseconds',
        anchor_at = anchor_at + interval '123 microseconds' WHERE id = ${task.id}`,
    );
    expect(dueOf(await alice.complete(task.id, { due_date: task.due_date }))).toBe(
      "2026-03-02T09:30:00Z",
    );
  });

  it("answers 409 when the next occurrence would be after the year 9999, and changes nothing", async () => {
    const alice = await user();
    const task = await alice.create({
      ...renewPassport,
      frequency: "Yearly",
      due_date: "9999-06-01T00:00:00Z",
    });
    const res = await alice.complete(task.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      detail: "This task's next occurrence would be after the year 9999",
    });
    expect(await alice.list()).toEqual([task]);
  });

  it("answers 404 for another user's task and completes nothing", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create();
    const res = await alice.complete(bobs.id, { due_date: bobs.due_date });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Task not found" });
    expect(await bob.list()).toEqual([bobs]);
    expect(await completionsOf(bobs.id)).toEqual([]);
  });
});

describe("POST /tasks/{task_id}/uncomplete", () => {
  it.each([
    ["Once", "2026-03-01T09:30:00Z"],
    ["Daily", "2026-03-01T09:30:00Z"],
    ["Weekly", "2026-03-01T09:30:00Z"],
    ["Monthly", "2026-01-31T09:30:00Z"],
    ["Yearly", "2024-02-29T09:30:00Z"],
  ])(
    "gives back a %s task byte for byte after complete then uncomplete",
    async (frequency, due_date) => {
      const alice = await user();
      const created = await post(t.app, "/tasks/", {
        token: alice.token,
        body: { ...renewPassport, frequency, due_date },
      });
      const { id } = created.body as TaskWithSharing;
      await alice.complete(id);
      const undone = await alice.uncomplete(id);
      expect(undone.status).toBe(200);
      expect(undone.text).toBe(created.text);
      expect((await alice.read(id)).text).toBe(created.text);
      expect(await alice.list()).toEqual([created.body]);
    },
  );

  it("undoes the latest completion only, keeps the others, and goes on from where it was", async () => {
    const alice = await user();
    const task = await alice.monthlyFromJanuary31();
    for (let i = 0; i < 3; i += 1) await alice.complete(task.id);
    expect(dueOf(await alice.uncomplete(task.id))).toBe("2026-03-31T09:30:00Z");
    expect(dueOf(await alice.uncomplete(task.id))).toBe("2026-02-28T09:30:00Z");
    expect((await completionsOf(task.id)).map((c) => c.occurrence)).toEqual([0]);
    expect(dueOf(await alice.complete(task.id))).toBe("2026-03-31T09:30:00Z");
  });

  it("answers 409 'This task has no completion to undo' when there is none", async () => {
    const alice = await user();
    const task = await alice.create();
    const res = await alice.uncomplete(task.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "This task has no completion to undo" });
    await alice.complete(task.id);
    await alice.uncomplete(task.id);
    expect((await alice.uncomplete(task.id)).status).toBe(409);
    expect(await alice.list()).toEqual([task]);
  });

  it("keeps an edit made after the completion, and puts back only 'completed'", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Once" });
    await alice.complete(task.id);
    await alice.edit(task.id, { due_date: "2026-05-01T09:30:00Z" });
    const undone = await alice.uncomplete(task.id);
    expect(undone.body).toEqual({
      ...task,
      due_date: "2026-05-01T09:30:00Z",
      repeats_from: "2026-05-01T09:30:00Z",
      completed: false,
    });
  });

  it("answers 404 for another user's task and undoes nothing", async () => {
    const alice = await user();
    const bob = await user();
    const bobs = await bob.create({ ...renewPassport, frequency: "Daily" });
    const moved = (await bob.complete(bobs.id)).body;
    const res = await alice.uncomplete(bobs.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Task not found" });
    expect(await bob.list()).toEqual([moved]);
    const [{ value } = { value: -1 }] = await t.deps.database.db
      .select({ value: count() })
      .from(taskCompletions)
      .where(eq(taskCompletions.taskId, bobs.id));
    expect(value).toBe(1);
  });
});

describe("a kept list answer", () => {
  it("gives way to every change of a task: edit, completion, undo and delete", async () => {
    const alice = await user();
    const task = await alice.create({ ...renewPassport, frequency: "Daily" });
    expect(await alice.list()).toEqual([task]);
    const steps = [
      () => alice.edit(task.id, { title: "Water the plants" }),
      () => alice.complete(task.id),
      () => alice.uncomplete(task.id),
    ];
    for (const step of steps) {
      const res = await step();
      expect(await alice.list()).toEqual([res.body]);
    }
    await alice.remove(task.id);
    expect(await alice.list()).toEqual([]);
  });
});
