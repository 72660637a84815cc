// issue 18: PATCH /tasks/{task_id} as one prepared statement for each set of fields an edit sends
// (a title alone, the whole edit form, ...), made on first use and kept: PostgreSQL then parses
// and plans each shape once per connection instead of once per edit, and Drizzle builds its SQL
// once. Measured with pgbench on this statement: about 85 µs less of the database's CPU per edit
// (BENCHMARKS.md, "Writes as people make them").
//
// decisions D9: a due date, frequency or interval that differs from the stored one starts the
// schedule again from the (new) due date; the same values sent again (an edit form sends every
// field) keep the anchor, so a task that came from 31 January to 28 February still goes on to 31
// March, and so does a change of its time of day alone (the anchor takes the new time). A task
// that happens once keeps an interval of 1 and no end (repeat_until), whatever is sent with it. A
// done "Once" task edited to repeat is pending again, and a recurring one is completed exactly
// when its due date is past the end of its series (setOf). An end moves no occurrence: the anchor
// stays.
import type { TaskUpdateWithSharing as TaskUpdate } from "@life-admin/domain/household";
import { type SQL, and, eq, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { pastRepeatEndSql } from "./series-end.js";
import { LARGEST_ID, findOwnRecord } from "./own-records.js";
import { type TaskRow, tasks } from "./schema.js";

/** The fields set as they are sent, by their columns; the schedule's three are handled below. */
const PLAIN_FIELDS = {
  title: "title",
  notes: "notes",
  priority: "priority",
  category: "category",
  file_id: "fileId",
  // issue 23: the owner's alone to send (routes/tasks.ts checks them first).
  shared: "shared",
  assignee_id: "assigneeId",
} as const;

type EditValues = Record<string, string | number | boolean | null>;

export interface TaskEdits {
  /**
   * Applies `edit` to the user's task: the task as edited, or null when the user has no such
   * task. An edit that sends no field writes nothing (the lists kept for the user stay good).
   */
  edit(userId: number, taskId: number, edit: TaskUpdate): Promise<TaskRow | null>;
}

/** Every field an edit may send, in a fixed order. */
const EDIT_FIELDS: readonly string[] = [
  ...Object.keys(PLAIN_FIELDS),
  "due_date",
  "frequency",
  "interval",
  "repeat_until",
];

/**
 * A short name for the statement of these fields: PostgreSQL cuts a statement's name at 63
 * characters, and the fields' names joined ran past it (issue 23's two more fields), so that two
 * sets of fields shared one name and an edit answered 500 (found by suite 1 on PostgreSQL).
 */
function statementId(fields: readonly string[]): string {
  let mask = 0;
  for (const field of fields) {
    const bit = EDIT_FIELDS.indexOf(field);
    if (bit < 0) throw new Error(`no task field ${field}`);
    mask |= 1 << bit;
  }
  return mask.toString(36);
}

/** The columns an edit of these fields sets, each from a placeholder named after its field. */
function setOf(fields: readonly string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [field, column] of Object.entries(PLAIN_FIELDS)) {
    if (fields.includes(field)) set[column] = sql`${sql.placeholder(field)}`;
  }
  const sendsDue = fields.includes("due_date");
  const sendsFrequency = fields.includes("frequency");
  const sendsInterval = fields.includes("interval");
  const sendsUntil = fields.includes("repeat_until");
  if (sendsDue || sendsFrequency || sendsInterval || sendsUntil) {
    const due = sendsDue ? sql`${sql.placeholder("due_date")}::timestamptz` : sql`${tasks.dueDate}`;
    const frequency = sendsFrequency
      ? sql`${sql.placeholder("frequency")}::text`
      : sql`${tasks.frequency}`;
    const sentInterval = sendsInterval
      ? sql`${sql.placeholder("interval")}::integer`
      : sql`${tasks.interval}`;
    const interval = sql`(case when ${frequency} = 'Once' then 1 else ${sentInterval} end)`;
    const sameRepeat = sql`${frequency} = ${tasks.frequency} and ${interval} = ${tasks.interval}`;
    const changed = sql`(${due} <> ${tasks.dueDate} or not (${sameRepeat}))`;
    // Only the time of day moved, on the same day and the same repeat: the schedule keeps its
    // anchor's day, at the new time (28 February's occurrence of a task from 31 January, moved
    // from 09:00 to 10:00, still goes on to 31 March at 10:00).
    const timeOnly = sql`(${sameRepeat} and ${due} <> ${tasks.dueDate}
      and (${due} at time zone 'UTC')::date = (${tasks.dueDate} at time zone 'UTC')::date)`;
    set.dueDate = due;
    set.frequency = frequency;
    set.interval = interval;
    set.anchorAt = sql`case when ${timeOnly} then ${tasks.anchorAt} + (${due} - ${tasks.dueDate})
      when ${changed} then ${due} else ${tasks.anchorAt} end`;
    set.occurrence = sql`case when ${timeOnly} then ${tasks.occurrence}
      when ${changed} then 0 else ${tasks.occurrence} end`;
    const sentUntil = sendsUntil
      ? sql`${sql.placeholder("repeat_until")}::date`
      : sql`${tasks.repeatUntil}`;
    const until = sql`(case when ${frequency} = 'Once' then null else ${sentUntil} end)`;
    set.repeatUntil = until;
    // Domain completedAfterEdit: a recurring task is completed exactly when its series has ended
    // (its due date is past its end): a later end (or none) makes an ended one pending again at
    // the first occurrence not yet closed, an earlier one ends it now. A done "Once" task made to
    // repeat starts repeating from its due date, pending; its completion stays in its history. A
    // recurring task made to happen once is pending: an ended series has no date of its own done.
    set.completed = sql`case when ${frequency} <> 'Once' then ${pastRepeatEndSql(due, until)}
      when ${tasks.frequency} = 'Once' then ${tasks.completed} else false end`;
  }
  return set;
}

export function taskEditsOf(db: Db): TaskEdits {
  const prepare = (fields: readonly string[]) =>
    db
      .update(tasks)
      .set(setOf(fields))
      .where(and(eq(tasks.id, sql.placeholder("id")), eq(tasks.userId, sql.placeholder("userId"))))
      .returning()
      .prepare(`edit_task_${statementId(fields)}`);
  const statements = new Map<string, ReturnType<typeof prepare>>();

  return {
    async edit(userId, taskId, edit) {
      const values: EditValues = {};
      for (const [field, value] of Object.entries(edit)) {
        // Written as the column writes it (db/timestamptz.ts): an ISO instant.
        values[field] =
          field === "due_date" && typeof value === "string" ? new Date(value).toISOString() : value;
      }
      const fields = Object.keys(values).sort();
      if (fields.length === 0) return findOwnRecord(db, tasks, taskId, userId);
      // An id the column cannot hold names no task: no row, never a database error.
      if (taskId > LARGEST_ID) return null;
      const key = fields.join(",");
      let statement = statements.get(key);
      if (statement === undefined) {
        statement = prepare(fields);
        statements.set(key, statement);
      }
      const [row] = await statement.execute({ ...values, id: taskId, userId });
      return row ?? null;
    },
  };
}
