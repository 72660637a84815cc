// decisions D9: completions are kept, so a task's history is never lost. GET
// /tasks/{task_id}/completions answers a task's latest completions, newest first (the date each
// closed, and when it was marked done), with how many there are in all: an undone completion is
// gone, an edit that re-anchors the task keeps the rest, and only those who may read the task may
// read its history (its household's members, when it is shared; a 404 for anyone else).
import { TASK_HISTORY_LIMIT, type TaskHistory, isoInstantAt } from "@life-admin/domain";
import { type TaskWithSharing, TaskWithSharingSchema } from "@life-admin/domain/household";
import { describe, expect, it } from "vitest";
import { call, get, post } from "./support/http.js";
import { type Person, as, newPerson, threeAtHomeAndAStranger } from "./support/households.js";
import { useTestApp } from "./support/test-app.js";

// The clock moves on with each completion, a minute at a time, from before every due date below.
let clockMs = Date.parse("2026-01-01T08:00:00Z");
const t = useTestApp({ now: () => new Date(clockMs) });

async function createTask(who: Person, body: object): Promise<TaskWithSharing> {
  const answer = await post(t.app, "/tasks/", {
    ...as(who),
    body: { title: "Water the plants", due_date: "2026-01-05T09:00:00Z", ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return TaskWithSharingSchema.parse(answer.body);
}

async function complete(who: Person, id: number) {
  clockMs += 60_000;
  const answer = await post(t.app, `/tasks/${id}/complete`, as(who));
  expect(answer.status, answer.text).toBe(200);
  return TaskWithSharingSchema.parse(answer.body);
}

const historyOf = (who: Person, id: number | string) =>
  get(t.app, `/tasks/${id}/completions`, as(who));

async function historyRead(who: Person, id: number): Promise<TaskHistory> {
  const answer = await historyOf(who, id);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as TaskHistory;
}

describe("GET /tasks/{task_id}/completions", () => {
  it("is empty for a task never marked done", async () => {
    const ada = await newPerson(t);
    const task = await createTask(ada, {});
    expect(await historyRead(ada, task.id)).toEqual({ total: 0, skips: 0, completions: [] });
  });

  it("lists each completion newest first: the date it closed and when it was marked done", async () => {
    const ada = await newPerson(t);
    const task = await createTask(ada, { frequency: "Weekly" });
    const first = clockMs + 60_000;
    await complete(ada, task.id);
    await complete(ada, task.id);
    expect(await historyRead(ada, task.id)).toEqual({
      total: 2,
      skips: 0,
      completions: [
        {
          due_date: "2026-01-12T09:00:00Z",
          completed_at: isoInstantAt(first + 60_000),
          skipped: false,
        },
        { due_date: "2026-01-05T09:00:00Z", completed_at: isoInstantAt(first), skipped: false },
      ],
    });
  });

  it("forgets a completion undone, and keeps the others through an edit of the date", async () => {
    const ada = await newPerson(t);
    const task = await createTask(ada, { frequency: "Daily" });
    await complete(ada, task.id);
    await complete(ada, task.id);
    expect((await post(t.app, `/tasks/${task.id}/uncomplete`, as(ada))).status).toBe(200);
    const edited = await call(t.app, "PATCH", `/tasks/${task.id}`, {
      ...as(ada),
      body: { due_date: "2026-03-01T09:00:00Z" },
    });
    expect(edited.status, edited.text).toBe(200);
    const history = await historyRead(ada, task.id);
    expect(history.total).toBe(1);
    expect(history.completions.map((c) => c.due_date)).toEqual(["2026-01-05T09:00:00Z"]);
  });

  it(`lists the latest ${TASK_HISTORY_LIMIT} of a daily chore's many, and counts them all`, async () => {
    const ada = await newPerson(t);
    const task = await createTask(ada, { frequency: "Daily", due_date: "2026-06-01T07:00:00Z" });
    for (let day = 0; day < TASK_HISTORY_LIMIT + 5; day += 1) await complete(ada, task.id);
    const history = await historyRead(ada, task.id);
    expect(history.total).toBe(TASK_HISTORY_LIMIT + 5);
    expect(history.completions).toHaveLength(TASK_HISTORY_LIMIT);
    // The newest closed the 25th day (25 June); the oldest listed, the 6th.
    expect(history.completions[0]?.due_date).toBe("2026-06-25T07:00:00Z");
    expect(history.completions.at(-1)?.due_date).toBe("2026-06-06T07:00:00Z");
  });

  it("is read by whoever may read the task: its household when shared, a 404 for anyone else", async () => {
    const { owner, member, stranger } = await threeAtHomeAndAStranger(t);
    const shared = await createTask(owner, { frequency: "Weekly", shared: true });
    const mine = await createTask(owner, { frequency: "Weekly" });
    await complete(owner, shared.id);
    await complete(owner, mine.id);
    expect((await historyRead(member, shared.id)).total).toBe(1);
    for (const [who, id] of [
      [member, mine.id],
      [stranger, shared.id],
      [stranger, mine.id],
    ] as const) {
      const refused = await historyOf(who, id);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ detail: "Task not found" });
    }
  });

  it("answers 404 once the task is deleted, and 422 for an id that is no id", async () => {
    const ada = await newPerson(t);
    const task = await createTask(ada, { frequency: "Weekly" });
    await complete(ada, task.id);
    expect((await call(t.app, "DELETE", `/tasks/${task.id}`, as(ada))).status).toBe(204);
    expect((await historyOf(ada, task.id)).status).toBe(404);
    const notAnId = await historyOf(ada, "soon");
    expect(notAnId.status).toBe(422);
    expect(notAnId.body).toMatchObject({ detail: [{ loc: ["path", "task_id"] }] });
  });
});
