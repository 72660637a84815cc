// decisions D9: a recurring task completed late records the completion of its current occurrence
// and moves to its first occurrence not already past on the completing person's clock (a timed
// one: due after now; one without a time: on or after their today), the missed ones skipped, so
// it is not overdue again at once and the bell stays quiet; undo puts it back exactly.
import { NotificationSchema, type Task, TaskSchema } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { get, post } from "./support/http.js";
import { completionsOf as storedCompletionsOf } from "./support/account-rows.js";
import { signInAs, useTestApp } from "./support/test-app.js";

// Monday 30 November 2026, 12:00 UTC.
let clock = new Date("2026-11-30T12:00:00Z");
const t = useTestApp({ now: () => clock });

async function person(timeZone = "UTC") {
  const { user, tokens } = await signInAs(t.deps);
  await t.deps.database.db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  const token = tokens.access_token;
  const answered = (res: { status: number; text: string; body: unknown }): Task => {
    expect(res.status, res.text).toBe(200);
    return TaskSchema.parse(res.body);
  };
  return {
    async create(due_date: string, frequency: string): Promise<Task> {
      const res = await post(t.app, "/tasks/", {
        token,
        body: { title: "Put the bins out", due_date, frequency },
      });
      expect(res.status, res.text).toBe(201);
      return TaskSchema.parse(res.body);
    },
    complete: async (id: number) => answered(await post(t.app, `/tasks/${id}/complete`, { token })),
    uncomplete: async (id: number) =>
      answered(await post(t.app, `/tasks/${id}/uncomplete`, { token })),
    async bell() {
      const res = await get(t.app, "/notifications/", { token });
      expect(res.status, res.text).toBe(200);
      return z.array(NotificationSchema).parse(res.body);
    },
  };
}

const completionsOf = (taskId: number) => storedCompletionsOf(t.deps.database.db, taskId);

describe("POST /tasks/{task_id}/complete of an overdue recurring task", () => {
  it("moves a weekly task three weeks late past the missed weeks, and the bell has nothing new", async () => {
    clock = new Date("2026-11-30T12:00:00Z");
    const alice = await person();
    const task = await alice.create("2026-11-08T07:00:00Z", "Weekly");
    expect((await alice.bell()).map((n) => n.kind)).toEqual(["task_overdue"]);

    const done = await alice.complete(task.id);

    expect(done).toMatchObject({ due_date: "2026-12-06T07:00:00Z", completed: false });
    expect(await alice.bell()).toEqual([]);
    // One completion, of the occurrence it was at.
    const kept = await completionsOf(task.id);
    expect(kept.map((c) => [c.dueDate.toISOString(), c.occurrence])).toEqual([
      ["2026-11-08T07:00:00.000Z", 0],
    ]);
    // Undo puts it back exactly where that completion found it.
    expect(await alice.uncomplete(task.id)).toMatchObject({
      due_date: "2026-11-08T07:00:00Z",
      completed: false,
    });
    expect(await completionsOf(task.id)).toEqual([]);
  });

  it("moves a daily task without a time, three weeks late, to today, due all day", async () => {
    clock = new Date("2026-11-30T12:00:00Z");
    const alice = await person();
    const task = await alice.create("2026-11-09T00:00:00Z", "Daily");
    expect(await alice.complete(task.id)).toMatchObject({ due_date: "2026-11-30T00:00:00Z" });
    expect((await alice.bell()).map((n) => n.kind)).toEqual(["task_due"]);
  });

  it("moves exactly one interval when completed early or on its day", async () => {
    clock = new Date("2026-11-30T12:00:00Z");
    const alice = await person();
    const early = await alice.create("2026-12-02T09:00:00Z", "Weekly");
    expect((await alice.complete(early.id)).due_date).toBe("2026-12-09T09:00:00Z");
    const today = await alice.create("2026-11-30T00:00:00Z", "Daily");
    expect((await alice.complete(today.id)).due_date).toBe("2026-12-01T00:00:00Z");
  });

  // decisions D6: "already past" on the completing person's clock.
  it("in Tokyo on Monday morning (Sunday in UTC), moves to their today and their next 08:00", async () => {
    clock = new Date("2026-11-29T23:48:00Z"); // 08:48 on Monday 30 November in Tokyo
    const kenji = await person("Asia/Tokyo");
    const allDay = await kenji.create("2026-11-27T00:00:00Z", "Daily");
    expect((await kenji.complete(allDay.id)).due_date).toBe("2026-11-30T00:00:00Z");
    const timed = await kenji.create("2026-11-27T08:00:00Z", "Daily");
    expect((await kenji.complete(timed.id)).due_date).toBe("2026-12-01T08:00:00Z");
  });

  it("in Los Angeles on Sunday evening (Monday in UTC), moves to their today and their next 02:00", async () => {
    clock = new Date("2026-11-30T04:00:00Z"); // 20:00 on Sunday 29 November in Los Angeles
    const ana = await person("America/Los_Angeles");
    const allDay = await ana.create("2026-11-26T00:00:00Z", "Daily");
    expect((await ana.complete(allDay.id)).due_date).toBe("2026-11-29T00:00:00Z");
    const timed = await ana.create("2026-11-26T02:00:00Z", "Daily");
    expect((await ana.complete(timed.id)).due_date).toBe("2026-11-30T02:00:00Z");
  });
});
