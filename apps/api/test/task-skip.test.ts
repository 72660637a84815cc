// decisions D9: skipping a recurring task's occurrence (POST /tasks/{task_id}/skip) moves it on
// exactly as completing it does, keeps the skip in its history as a skip, and is undone by POST
// /tasks/{task_id}/uncomplete as a completion is; a pending task that happens once cannot be
// skipped (409); a stale due date changes nothing; another person's task is a 404; in a household
// the assignee may skip, the others in it may not.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ONCE_NOT_SKIPPED } from "../src/db/task-completions.js";
import { completionsOf as storedCompletionsOf } from "./support/account-rows.js";
import { makeHousehold } from "./support/households.js";
import { taskCaller } from "./support/task-calls.js";
import { useTestApp } from "./support/test-app.js";

// Monday 30 November 2026, 12:00 UTC.
const t = useTestApp({ now: () => new Date("2026-11-30T12:00:00Z") });

const completionsOf = (taskId: number) => storedCompletionsOf(t.deps.database.db, taskId);

const person = () => taskCaller(t, "Put the bins out");

describe("POST /tasks/{task_id}/skip", () => {
  it("moves a task every two weeks on by two weeks, pending, and keeps the skip in its history", async () => {
    const alice = await person();
    const bins = await alice.create({
      due_date: "2026-12-07T07:00:00Z",
      frequency: "Weekly",
      interval: 2,
    });

    const skipped = await alice.skip(bins.id, { due_date: bins.due_date });

    expect(skipped).toEqual({ ...bins, due_date: "2026-12-21T07:00:00Z" });
    expect(await alice.read(bins.id)).toEqual(skipped);
    const history = await alice.history(bins.id);
    expect(history).toMatchObject({ total: 1, skips: 1 });
    expect(history.completions).toEqual([
      {
        due_date: "2026-12-07T07:00:00Z",
        completed_at: "2026-11-30T12:00:00Z",
        skipped: true,
      },
    ]);
  });

  it("moves an overdue task to its first occurrence not already past, as completing it would", async () => {
    const alice = await person();
    const task = await alice.create({ due_date: "2026-11-08T07:00:00Z", frequency: "Weekly" });
    expect(await alice.skip(task.id)).toMatchObject({
      due_date: "2026-12-06T07:00:00Z",
      completed: false,
    });
    // One skip, of the occurrence it was at.
    const kept = await completionsOf(task.id);
    expect(kept.map((c) => [c.dueDate.toISOString(), c.occurrence, c.skipped])).toEqual([
      ["2026-11-08T07:00:00.000Z", 0, true],
    ]);
  });

  it("is undone by uncomplete, the latest of skips and completions first, each exactly", async () => {
    const alice = await person();
    const task = await alice.create({ due_date: "2026-12-01T00:00:00Z", frequency: "Monthly" });
    const done = await alice.complete(task.id);
    const skipped = await alice.skip(task.id);
    expect([done.due_date, skipped.due_date]).toEqual([
      "2027-01-01T00:00:00Z",
      "2027-02-01T00:00:00Z",
    ]);
    expect(await alice.history(task.id)).toMatchObject({ total: 2, skips: 1 });

    expect(await alice.uncomplete(task.id)).toEqual(done);
    expect(await alice.history(task.id)).toMatchObject({
      total: 1,
      skips: 0,
      completions: [{ due_date: "2026-12-01T00:00:00Z", skipped: false }],
    });
    expect(await alice.uncomplete(task.id)).toEqual(task);
  });

  it("changes nothing for a due date the task has moved on from (another tab skipped it)", async () => {
    const alice = await person();
    const task = await alice.create({ due_date: "2026-12-01T09:00:00Z", frequency: "Daily" });
    const skipped = await alice.skip(task.id, { due_date: task.due_date });
    expect(await alice.skip(task.id, { due_date: task.due_date })).toEqual(skipped);
    expect(await completionsOf(task.id)).toHaveLength(1);
  });

  it("refuses a pending task that happens once with 409, and answers a completed one as it is", async () => {
    const alice = await person();
    const passport = await alice.create({ due_date: "2026-12-01T00:00:00Z", frequency: "Once" });
    const refused = await alice.skipping(passport.id);
    expect([refused.status, refused.body]).toEqual([409, { detail: ONCE_NOT_SKIPPED }]);
    // Also when the date seen is not its own (edited in another tab since): never skippable.
    const stale = await alice.skipping(passport.id, { due_date: "2026-11-20T00:00:00Z" });
    expect([stale.status, stale.body]).toEqual([409, { detail: ONCE_NOT_SKIPPED }]);
    expect(await alice.read(passport.id)).toEqual(passport);
    expect(await completionsOf(passport.id)).toEqual([]);

    const done = await alice.complete(passport.id);
    expect(await alice.skip(passport.id)).toEqual(done);
    expect(await alice.history(passport.id)).toMatchObject({ total: 1, skips: 0 });
  });

  it("answers a bad due date with a 422 naming it, and another person's task with a 404", async () => {
    const alice = await person();
    const bob = await person();
    const task = await alice.create({ due_date: "2026-12-01T09:00:00Z", frequency: "Daily" });
    const bad = await alice.skipping(task.id, { due_date: "yesterday" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ detail: [{ loc: ["body", "due_date"] }] });
    const theirs = await bob.skipping(task.id);
    expect([theirs.status, theirs.body]).toEqual([404, { detail: "Task not found" }]);
    expect(await alice.read(task.id)).toEqual(task);
    expect(await completionsOf(task.id)).toEqual([]);
  });

  it("lets a household's assignee skip a shared task, and not the others in it", async () => {
    const owner = await person();
    const assignee = await person();
    const other = await person();
    await makeHousehold(t, owner.who, [assignee.who, other.who]);
    const task = await owner.create({
      due_date: "2026-12-02T18:00:00Z",
      frequency: "Weekly",
      shared: true,
      assignee_id: assignee.who.id,
    });
    expect((await other.skipping(task.id)).status).toBe(403);
    expect(await assignee.skip(task.id)).toMatchObject({ due_date: "2026-12-09T18:00:00Z" });
    expect(await owner.history(task.id)).toMatchObject({ total: 1, skips: 1 });
  });

  it("is kept by the database only for a recurring schedule", async () => {
    const alice = await person();
    const task = await alice.create({ due_date: "2026-12-01T00:00:00Z", frequency: "Once" });
    const refusal: unknown = await t.deps.database.db
      .execute(
        sql`insert into task_completions
          (task_id, due_date, occurrence, anchor_at, frequency, completed_at, skipped)
          values (${task.id}, now(), 0, now(), 'Once', now(), true)`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    // drizzle's error says which query failed; the database's own says why (its cause).
    expect(String((refusal as Error | null)?.cause)).toMatch(/task_completions_once_skip_check/);
  });
});
