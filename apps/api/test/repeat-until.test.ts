// decisions D9: a recurring task's series may end on a date (repeat_until). Completing or skipping
// its last occurrence ends it (completed); undoing that puts it back; an edit of the end moves no
// occurrence, but a later end makes an ended task pending again at the first occurrence not yet
// closed, and an earlier one ends it now. A task that happens once has no end, and a new task
// cannot end before its due date.
import { describe, expect, it } from "vitest";
import { SERIES_ENDED } from "../src/db/task-completions.js";
import { as } from "./support/households.js";
import { post } from "./support/http.js";
import { taskCaller } from "./support/task-calls.js";
import { useTestApp } from "./support/test-app.js";

// Monday 30 November 2026, 12:00 UTC.
const t = useTestApp({ now: () => new Date("2026-11-30T12:00:00Z") });

const person = () => taskCaller(t, "Water the plants");

/** A weekly task due Monday 7 December at 09:00, its last occurrence on 14 December. */
const TWO_WEEKS = {
  due_date: "2026-12-07T09:00:00Z",
  frequency: "Weekly",
  repeat_until: "2026-12-20",
} as const;

describe("a task's repeat_until", () => {
  it("is answered as sent, and as null for a task with no end or one that happens once", async () => {
    const alice = await person();
    expect((await alice.create(TWO_WEEKS)).repeat_until).toBe("2026-12-20");
    expect((await alice.create({ ...TWO_WEEKS, repeat_until: undefined })).repeat_until).toBeNull();
    const once = await alice.create({ ...TWO_WEEKS, frequency: "Once" });
    expect(once.repeat_until).toBeNull();
    expect((await alice.read(once.id)).repeat_until).toBeNull();
  });

  it("may fall on the due date's own day, and no earlier (422 at its place)", async () => {
    const alice = await person();
    const sameDay = await alice.create({ ...TWO_WEEKS, repeat_until: "2026-12-07" });
    expect(sameDay.completed).toBe(false);
    const before = await alice.creating({ ...TWO_WEEKS, repeat_until: "2026-12-06" });
    expect(before.status).toBe(422);
    expect(before.body).toEqual({
      detail: [
        {
          loc: ["body", "repeat_until"],
          msg: "Repeat until must be on or after the due date",
          type: "value_error",
        },
      ],
    });
    const notADate = await alice.creating({ ...TWO_WEEKS, repeat_until: "2026-02-30" });
    expect(notADate.status).toBe(422);
    expect(JSON.stringify(notADate.body)).toContain('"loc":["body","repeat_until"]');
  });

  it("ends the series when its last occurrence is done, and Undo puts that occurrence back", async () => {
    const alice = await person();
    const task = await alice.create(TWO_WEEKS);
    const second = await alice.complete(task.id);
    expect(second).toMatchObject({ due_date: "2026-12-14T09:00:00Z", completed: false });
    const ended = await alice.complete(task.id);
    // Completed at the occurrence after its last (21 December, past the end).
    expect(ended).toMatchObject({ completed: true, repeat_until: "2026-12-20" });
    expect(ended.due_date).toBe("2026-12-21T09:00:00Z");
    // Nothing more to complete.
    expect(await alice.complete(task.id)).toEqual(ended);
    const back = await alice.uncomplete(task.id);
    expect(back).toMatchObject({ due_date: "2026-12-14T09:00:00Z", completed: false });
  });

  it("ends the series when its last occurrence is skipped", async () => {
    const alice = await person();
    const task = await alice.create({ ...TWO_WEEKS, repeat_until: "2026-12-13" });
    expect(await alice.skip(task.id)).toMatchObject({ completed: true });
  });

  it("moved later, makes an ended task pending again at the first occurrence not yet closed", async () => {
    const alice = await person();
    const task = await alice.create({ ...TWO_WEEKS, repeat_until: "2026-12-07" });
    expect((await alice.complete(task.id)).completed).toBe(true);
    const extended = await alice.edit(task.id, { repeat_until: "2027-01-31" });
    expect(extended).toMatchObject({
      due_date: "2026-12-14T09:00:00Z",
      completed: false,
      repeat_until: "2027-01-31",
      // The schedule is the same one: its anchor stays.
      repeats_from: "2026-12-07T09:00:00Z",
    });
    expect((await alice.complete(task.id)).completed).toBe(false);
    await alice.edit(task.id, { repeat_until: "2026-12-14" });
    expect((await alice.read(task.id)).completed).toBe(true);
    // No end at all does the same.
    expect((await alice.edit(task.id, { repeat_until: null })).completed).toBe(false);
  });

  it("moved before the due date, ends the series now; an ended task's form sent again stays ended", async () => {
    const alice = await person();
    const task = await alice.create(TWO_WEEKS);
    const ended = await alice.edit(task.id, { repeat_until: "2026-12-01" });
    expect(ended).toMatchObject({ completed: true, due_date: "2026-12-07T09:00:00Z" });
    // The whole form of the ended task, as the edit form sends it, with a new title.
    const form = {
      title: "Water the ferns",
      due_date: ended.due_date,
      frequency: ended.frequency,
      interval: ended.interval,
      repeat_until: ended.repeat_until,
      priority: ended.priority,
      notes: null,
    };
    expect(await alice.edit(task.id, form)).toMatchObject({
      title: "Water the ferns",
      completed: true,
    });
  });

  it("is dropped when the task is made to happen once", async () => {
    const alice = await person();
    const task = await alice.create(TWO_WEEKS);
    expect(await alice.edit(task.id, { frequency: "Once" })).toMatchObject({
      repeat_until: null,
      completed: false,
    });
    // Sent with "Once", it is not kept either.
    expect((await alice.edit(task.id, { repeat_until: "2027-01-01" })).repeat_until).toBeNull();
  });

  it("refuses an Undo that would not reopen a series whose end was since moved before it", async () => {
    const alice = await person();
    const task = await alice.create(TWO_WEEKS);
    await alice.complete(task.id);
    await alice.edit(task.id, { repeat_until: "2026-12-08" });
    // Put back to 7 December, which is before the end (8 December): pending.
    expect(await alice.uncomplete(task.id)).toMatchObject({
      due_date: "2026-12-07T09:00:00Z",
      completed: false,
    });
    const ended = await alice.complete(task.id);
    expect(ended.completed).toBe(true);
    await alice.edit(task.id, { repeat_until: "2026-12-06" });
    // Put back to 7 December, now past the end (6 December): it would still have ended, so the
    // completion is kept and the person is told how to open the series again.
    const refused = await alice.uncompleting(task.id);
    expect([refused.status, refused.body]).toEqual([409, { detail: SERIES_ENDED }]);
    expect(await alice.history(task.id)).toMatchObject({ total: 1 });
    expect(await alice.read(task.id)).toMatchObject({ due_date: ended.due_date, completed: true });
  });

  it("refuses an Undo of a series an edit ended with nothing to undo, saying how to reopen it", async () => {
    const alice = await person();
    const task = await alice.create(TWO_WEEKS);
    await alice.edit(task.id, { repeat_until: "2026-12-01" });
    const refused = await alice.uncompleting(task.id);
    expect([refused.status, refused.body]).toEqual([409, { detail: SERIES_ENDED }]);
  });

  it("makes an ended series pending when it is made to happen once", async () => {
    const alice = await person();
    const task = await alice.create({ ...TWO_WEEKS, repeat_until: "2026-12-07" });
    expect((await alice.skip(task.id)).completed).toBe(true);
    expect(await alice.edit(task.id, { frequency: "Once" })).toMatchObject({
      frequency: "Once",
      completed: false,
      repeat_until: null,
    });
  });

  it("ends a series by the end it has when a completion is written, not the one first read", async () => {
    const alice = await person();
    for (const [from, to, ended] of [
      ["2026-12-20", "2026-12-07", true],
      ["2026-12-07", "2027-01-31", false],
    ] as const) {
      const task = await alice.create({ ...TWO_WEEKS, repeat_until: from });
      // The edit is sent with the completion; whichever is written first, the task ends as the
      // end it holds at last says, and the database's checks hold.
      const [done, edited] = await Promise.all([
        post(t.app, `/tasks/${task.id}/complete`, as(alice.who)),
        alice.edit(task.id, { repeat_until: to }),
      ]);
      expect(done.status, done.text).toBe(200);
      expect(edited.repeat_until).toBe(to);
      expect(await alice.read(task.id)).toMatchObject({
        due_date: "2026-12-14T09:00:00Z",
        repeat_until: to,
        completed: ended,
      });
    }
  });
});
