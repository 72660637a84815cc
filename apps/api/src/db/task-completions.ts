// decisions D9: completing a task and undoing it, each decided by one statement, so that two
// requests at once (two tabs) complete a task's occurrence once and undo a completion once.
//
// A completion reads the task, works out its next state with the domain's rule
// (completeOccurrence: anchor + n + 1 intervals, or, completed late, the first occurrence not
// already past on the person's clock), and writes it with one UPDATE that holds only
// while the task is still exactly where it was read (the same occurrence of the same schedule,
// not completed); the same statement records the completion. When another request moved the
// task first, that request's result stands and the task is answered as it now is. The move ends a
// series whose next occurrence is past its end (repeat until): completed, read from the row the
// statement writes, so that an edit of the end made meanwhile is never undone.
//
// Skipping a recurring task's occurrence moves it on exactly as completing it does, and is kept
// with its completions as a skip: the history tells the two apart, and undoing one undoes the
// latest of either.
//
// Undoing deletes the latest completion and puts the task back where that completion found it,
// in one statement: two undos at once delete that row once, and the second finds nothing.
// After an edit of the due date, frequency or interval (a new anchor), the undo puts back only `completed`:
// the edit stands. A series whose end an edit moved before the date the undo would put back has
// ended for good: the undo is refused (SERIES_ENDED), and the completion kept.
import { TASK_HISTORY_LIMIT, type TaskHistory, completeOccurrence } from "@life-admin/domain";
import { desc, eq, sql } from "drizzle-orm";
import { ApiError } from "../errors/api-error.js";
import type { Db } from "./database.js";
import { prepareForRows } from "./insert-one.js";
import { pastRepeatEndSql } from "./series-end.js";
import { isoInstant } from "./json-fields.js";
import { LARGEST_ID, ownRecordFinder } from "./own-records.js";
import { type TaskRow, taskCompletions, tasks } from "./schema.js";

/** The last instant the API writes in four-digit years (decisions D1, D6). */
const LAST_INSTANT_MS = Date.parse("9999-12-31T23:59:59.999Z");

/** POST /tasks/{task_id}/uncomplete of a task with nothing to undo. */
export const NOTHING_TO_UNDO = "This task has no completion to undo";
/**
 * POST /tasks/{task_id}/uncomplete of a series that has ended (decisions D9) where undoing would
 * not open it again: its end is before the date the undo would put back, or it has no completion.
 */
export const SERIES_ENDED =
  "This task's series has ended on its Repeat until: set a later Repeat until to open it again";
/** POST /tasks/{task_id}/complete when the next occurrence cannot be written. */
export const NO_NEXT_OCCURRENCE = "This task's next occurrence would be after the year 9999";
/** POST /tasks/{task_id}/skip of a pending task that happens once: it has no next occurrence. */
export const ONCE_NOT_SKIPPED =
  "Only a repeating task can be skipped; a task that happens once can be marked done or deleted";

/** A placeholder for an instant, filled in with its ISO text (as the column writes it). */
const instant = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
/**
 * A column's instant to the millisecond, as the task was read (a Date holds no more): a due date
 * written with microseconds, in SQL, still matches the task as read.
 */
const toMs = (column: string) => sql.raw(`date_trunc('milliseconds', ${column})`);

export interface TaskCompletions {
  /**
   * Completes the occurrence due at `seen` (the current one when not given), `at` now in the time
   * zone of the person completing it (whose clock says which occurrences are past): the task as it
   * is afterwards, also when nothing was done (another occurrence is current, or it is
   * completed); null when the user has no such task.
   */
  complete(
    userId: number,
    taskId: number,
    seen: Date | undefined,
    at: ClosingMoment,
  ): Promise<TaskRow | null>;
  /**
   * Skips the occurrence due at `seen` of a recurring task: moved on as `complete` moves it, kept
   * as a skip. A pending task that happens once is refused (ONCE_NOT_SKIPPED).
   */
  skip(
    userId: number,
    taskId: number,
    seen: Date | undefined,
    at: ClosingMoment,
  ): Promise<TaskRow | null>;
  /**
   * Undoes the latest completion or skip: the task as it is afterwards; null when the user has no
   * such task.
   */
  uncomplete(userId: number, taskId: number): Promise<TaskRow | null>;
  /** The history of a task the caller may read (found first): its latest completions. */
  history(taskId: number): Promise<TaskHistory>;
}

/** When an occurrence is closed: now, in the time zone of the person closing it. */
export interface ClosingMoment {
  now: Date;
  timeZone: string;
}

export function taskCompletionsOf(db: Db): TaskCompletions {
  const read = ownRecordFinder(db, tasks, "find_task");
  // The statements of every completion and undo, prepared once (issue 18).
  const moveAndRecord = prepareForRows(
    db,
    tasks,
    "complete_task",
    sql`with moved as (
      update ${tasks}
      set due_date = ${instant("nextDue")}, occurrence = ${sql.placeholder("nextOccurrence")},
        completed = (frequency = 'Once' or ${pastRepeatEndSql(instant("nextDue"), sql.raw("repeat_until"))})
      where id = ${sql.placeholder("id")} and user_id = ${sql.placeholder("userId")}
        and not completed
        and ${toMs("due_date")} = ${instant("due")} and occurrence = ${sql.placeholder("occurrence")}
        and ${toMs("anchor_at")} = ${instant("anchor")} and frequency = ${sql.placeholder("frequency")}
        and repeat_interval = ${sql.placeholder("interval")}
      returning *
    ), recorded as (
      insert into ${taskCompletions}
        (task_id, due_date, occurrence, anchor_at, frequency, repeat_interval, completed_at, skipped)
      select id, ${instant("due")}, ${sql.placeholder("occurrence")}, anchor_at, frequency,
        repeat_interval, ${instant("now")}, ${sql.placeholder("skipped")}
      from moved
    )
    select * from moved`,
  );
  // The latest completions and, on each row, how many there are in all and how many were skips
  // (counted before the limit).
  const latest = db
    .select({
      total: sql<number>`count(*) over ()`.mapWith(Number),
      skips: sql<number>`count(*) filter (where ${taskCompletions.skipped}) over ()`.mapWith(
        Number,
      ),
      dueDate: taskCompletions.dueDate,
      completedAt: taskCompletions.completedAt,
      skipped: taskCompletions.skipped,
    })
    .from(taskCompletions)
    .where(eq(taskCompletions.taskId, sql.placeholder("taskId")))
    .orderBy(desc(taskCompletions.id))
    .limit(TASK_HISTORY_LIMIT)
    .prepare("task_history");
  const undoLatest = prepareForRows(
    db,
    tasks,
    "uncomplete_task",
    sql`with latest as (
      select c.* from ${taskCompletions} c join ${tasks} on ${tasks.id} = c.task_id
      where ${tasks.id} = ${sql.placeholder("id")} and ${tasks.userId} = ${sql.placeholder("userId")}
      order by c.id desc limit 1
    ), undone as (
      delete from ${taskCompletions} c using latest u, ${tasks} t
      where c.id = u.id and t.id = u.task_id and not ${restoredPastEnd}
      returning c.*
    )
    update ${tasks} t set
      completed = ${restoredPastEnd},
      due_date = ${restoredDue},
      occurrence = case when ${sameSchedule} then u.occurrence else t.occurrence end
    from undone u where t.id = u.task_id
    returning t.*`,
  );

  /** Closes the task's occurrence due at `seen`: done, or skipped. */
  async function close(
    userId: number,
    taskId: number,
    seen: Date | undefined,
    { now, timeZone }: ClosingMoment,
    skipped: boolean,
  ): Promise<TaskRow | null> {
    const task = await read(taskId, userId);
    if (task === null) return null;
    if (task.completed) return task;
    // Whatever date was seen: a pending task that happens once has nothing to skip to.
    if (skipped && task.frequency === "Once") throw new ApiError(409, ONCE_NOT_SKIPPED);
    // Another occurrence is current (another tab moved it): it stands as it is. Whether the move
    // ends its series is the statement's to say, from the end the row has when it is written.
    if (seen !== undefined && seen.getTime() !== task.dueDate.getTime()) return task;
    const done = completeOccurrence(
      {
        anchorMs: task.anchorAt.getTime(),
        frequency: task.frequency,
        interval: task.interval,
        occurrence: task.occurrence,
      },
      { nowMs: now.getTime(), timeZone },
    );
    if (done.dueMs > LAST_INSTANT_MS) throw new ApiError(409, NO_NEXT_OCCURRENCE);
    const [moved] = await moveAndRecord({
      id: task.id,
      userId,
      due: task.dueDate.toISOString(),
      occurrence: task.occurrence,
      anchor: task.anchorAt.toISOString(),
      frequency: task.frequency,
      interval: task.interval,
      nextDue: new Date(done.dueMs).toISOString(),
      nextOccurrence: done.occurrence,
      now: now.toISOString(),
      skipped,
    });
    // Another request moved the task first: its result stands.
    return moved ?? (await read(taskId, userId));
  }

  return {
    complete: (userId, taskId, seen, at) => close(userId, taskId, seen, at, false),
    skip: (userId, taskId, seen, at) => close(userId, taskId, seen, at, true),

    async uncomplete(userId, taskId) {
      if (taskId > LARGEST_ID) return null;
      const [restored] = await undoLatest({ id: taskId, userId });
      if (restored !== undefined) return restored;
      const task = await read(taskId, userId);
      if (task === null) return null;
      // An ended series whose latest completion would put it back past its end (which an edit
      // moved before that date), or that an edit ended with none: nothing to undo reopens it.
      if (task.completed && task.frequency !== "Once") throw new ApiError(409, SERIES_ENDED);
      const [kept] = await db
        .select({ id: taskCompletions.id })
        .from(taskCompletions)
        .where(eq(taskCompletions.taskId, task.id))
        .limit(1);
      // Another request undid the latest completion at the same moment: its result stands.
      if (kept !== undefined) return task;
      throw new ApiError(409, NOTHING_TO_UNDO);
    },

    async history(taskId) {
      const rows = await latest.execute({ taskId });
      return {
        total: rows[0]?.total ?? 0,
        skips: rows[0]?.skips ?? 0,
        completions: rows.map((row) => ({
          due_date: isoInstant(row.dueDate),
          completed_at: isoInstant(row.completedAt),
          skipped: row.skipped,
        })),
      };
    },
  };
}

/** The task is still on the schedule the completion was made on: no edit has re-anchored it. */
const sameSchedule = sql.raw(
  `t.anchor_at = u.anchor_at and t.frequency = u.frequency and t.repeat_interval = u.repeat_interval`,
);

/** The date an undo puts the task back to: the occurrence closed, unless an edit re-anchored it. */
const restoredDue = sql`(case when ${sameSchedule} then u.due_date else t.due_date end)`;

/**
 * Whether that date is past the end of the task's series, read from the row as the statement finds
 * it, so that an edit of its end made meanwhile is never undone by what the request read. The
 * undo deletes no completion that would leave its series ended; its update asks again, which only
 * an edit of the end committed between the two can make true.
 */
const restoredPastEnd = pastRepeatEndSql(restoredDue, sql.raw("t.repeat_until"));
