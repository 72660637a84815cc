// spec 7: GET /tasks/ and POST /tasks/; issue 18: one task read, edited, deleted, completed and
// its completion undone (decisions D9). Always scoped to the signed-in user (decisions D4): their
// own tasks, and (issue 23, decisions D16) the tasks shared into their household, which the
// member a task is assigned to may also edit and complete (db/household-scope.ts).
import {
  TASK_HISTORY_LIMIT,
  keptInterval,
  keptRepeatUntil,
  repeatUntilProblem,
} from "@life-admin/domain";
import type {
  TaskCreateWithSharing as TaskCreateBody,
  TaskUpdateWithSharing as TaskUpdateBody,
} from "@life-admin/domain/household";
import { type SQL, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { preparedInsertWhere } from "../db/insert-one.js";
import { ValidationError } from "../errors/api-error.js";
import { linkingOwnFile } from "../db/file-links.js";
import { jsonFields } from "../db/json-fields.js";
import { householdAccess, ownOrAssigned, sharedWith } from "../db/household-scope.js";
import { deleteOwnRecord } from "../db/own-records.js";
import { tasks } from "../db/schema.js";
import { taskEditsOf } from "../db/task-edits.js";
import {
  NOTHING_TO_UNDO,
  NO_NEXT_OCCURRENCE,
  SERIES_ENDED,
  ONCE_NOT_SKIPPED,
  taskCompletionsOf,
} from "../db/task-completions.js";
import type { AppDeps } from "../deps.js";
import { pathId } from "../http/path-ids.js";
import { created, noContent, ok, signedInRoutes } from "../http/route-group.js";
import { ROW_CAP_REFUSAL, rowCap } from "../http/row-caps.js";
import { Task, TaskCompletion, TaskCreate, TaskHistory, TaskUpdate } from "../http/schemas.js";
import { ViewParameter, answerViewList } from "./view-lists.js";

/** spec 3: the notes come back under the spec's read name `description` and as `notes`. */
const taskJson = jsonFields(tasks, {
  id: tasks.id,
  title: tasks.title,
  description: tasks.notes,
  due_date: tasks.dueDate,
  category: tasks.category,
  priority: tasks.priority,
  completed: tasks.completed,
  frequency: tasks.frequency,
  interval: tasks.interval,
  repeat_until: tasks.repeatUntil,
  notes: tasks.notes,
  file_id: tasks.fileId,
  // decisions D9: the schedule's anchor, read-only (the agenda counts occurrences from it).
  repeats_from: tasks.anchorAt,
  owner_id: tasks.userId,
  shared: tasks.shared,
  assignee_id: tasks.assigneeId,
});

const TaskId = z.object({ task_id: pathId("The task's id") });

// Issue 23: "mine" (the default): the person's own tasks and those assigned to them; "family":
// every task shared in their household (none when they are in no household).
const ListQuery = z.object({ view: ViewParameter });

/** The row a new task is stored as: its due date is the anchor of its occurrences (D9). */
function newTask(userId: number, body: TaskCreateBody): typeof tasks.$inferInsert {
  const dueDate = new Date(body.due_date);
  return {
    userId,
    title: body.title,
    notes: body.notes ?? null,
    dueDate,
    frequency: body.frequency,
    interval: keptInterval(body.frequency, body.interval),
    repeatUntil: keptRepeatUntil(body.frequency, body.repeat_until),
    priority: body.priority,
    anchorAt: dueDate,
    fileId: body.file_id ?? null,
  };
}

export function taskRoutes(deps: AppDeps) {
  const routes = signedInRoutes("tasks", requireUser(deps.tokens));
  const { db } = deps.database;
  const cap = rowCap("tasks", deps.config.rowCaps.tasks);
  const completions = taskCompletionsOf(db);
  const edits = taskEditsOf(db);
  const insertTask = preparedInsertWhere(db, tasks, "insert_task", cap.allows);
  const NOT_FOUND = "Task not found";

  // Prepared once: the tasks of a view as the JSON text sent.
  const listing = (where: SQL, name: string) => {
    const statement = db
      .select({ json: taskJson.arraySql(sql`${tasks.dueDate}, ${tasks.id}`) })
      .from(tasks)
      .where(where)
      .prepare(name);
    return async (userId: number) => (await statement.execute({ userId }))[0]?.json ?? "[]";
  };
  const userId = sql.placeholder("userId");
  const listMine = listing(ownOrAssigned(tasks, userId), "list_tasks");
  const listFamily = listing(sharedWith(tasks, userId), "list_family_tasks");

  const household = householdAccess(db, tasks, "task");
  /**
   * Completes or skips the occurrence the caller saw (`dueDate`; the current one when not sent),
   * now on the person's clock: the task as it is afterwards (null: not theirs to see).
   */
  const closeSeen = async (
    close: "complete" | "skip",
    user: { id: number; timeZone: string },
    taskId: number,
    dueDate: string | undefined,
  ) => {
    const seen = dueDate === undefined ? undefined : new Date(dueDate);
    const row = await household.changeAs(taskId, user.id, (ownerId) =>
      completions[close](ownerId, taskId, seen, { now: deps.now(), timeZone: user.timeZone }),
    );
    return row === null ? null : taskJson.of(row);
  };

  routes.get(
    "/tasks/",
    {
      summary: "The signed-in user's tasks, soonest due first",
      description:
        "view=mine (the default): the user's own tasks and the tasks assigned to them; " +
        "view=family: every task shared in the user's household, theirs among them.",
      query: ListQuery,
      answer: ok(z.array(Task), "The tasks"),
    },
    ({ c, user, query: { view = "mine" } }) =>
      answerViewList(c, deps, view, "tasks", {
        mine: () => listMine(user.id),
        family: () => listFamily(user.id),
      }),
  );

  routes.post(
    "/tasks/",
    {
      summary: "Create a task",
      description:
        "A recurring task may end: repeat_until is the last date its occurrences may fall on, on " +
        "or after the due date's date (422 otherwise); left out or null, it repeats with no end. " +
        'A task that happens "Once" keeps no repeat_until.',
      body: TaskCreate,
      answer: created(Task, "The created task"),
      refusals: ROW_CAP_REFUSAL,
    },
    async ({ user, body }) => {
      const task = newTask(user.id, body);
      const endProblem = repeatUntilProblem(body.due_date, task.repeatUntil);
      if (endProblem !== null) {
        throw new ValidationError([
          { loc: ["body", "repeat_until"], msg: endProblem, type: "value_error" },
        ]);
      }
      const values = { ...task, ...(await household.newSharing(user.id, body)) };
      const row = await linkingOwnFile(() =>
        insertTask(values, { userId: user.id, assigneeId: values.assigneeId }),
      );
      if (row === null) throw cap.reached();
      return taskJson.of(row);
    },
  );

  routes.get(
    "/tasks/{task_id}",
    {
      summary: "One of the signed-in user's tasks",
      params: TaskId,
      answer: ok(Task, "The task"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => {
      const row = await household.findReadable(params.task_id, user.id);
      return row && taskJson.of(row);
    },
  );

  routes.patch(
    "/tasks/{task_id}",
    {
      summary: "Edit a task",
      description:
        "Any of the fields, by the rules of a create; a field left out stays as it is, and notes, " +
        "category and file_id may be cleared with null. An empty body changes nothing. A due date, " +
        "frequency or interval that differs from the task's starts its recurrence again from the " +
        "(new) due date; a change of its time of day alone keeps the recurrence's day, at the new " +
        'time. A task that happens "Once" keeps an interval of 1 and no repeat_until. A recurring ' +
        "task is completed exactly when its due date is past its repeat_until (its series has " +
        "ended): a repeat_until before the due date's date ends it now, and a later one (or null) " +
        "makes an ended task pending again at the first occurrence not yet closed.",
      params: TaskId,
      body: TaskUpdate,
      answer: ok(Task, "The task as edited"),
      notFound: NOT_FOUND,
    },
    async ({ user, params, body }) => {
      const id = params.task_id;
      const editAs = (ownerId: number, edit: TaskUpdateBody) =>
        linkingOwnFile(() => edits.edit(ownerId, id, edit));
      const row = await household.edit(id, user.id, body, editAs);
      return row === null ? null : taskJson.of(row);
    },
  );

  routes.delete(
    "/tasks/{task_id}",
    {
      summary: "Delete a task, and its completions",
      params: TaskId,
      answer: noContent("Deleted"),
      notFound: NOT_FOUND,
    },
    // Its source file stays (GET /files/).
    async ({ user, params }) => {
      if (await deleteOwnRecord(db, tasks, params.task_id, user.id)) return true;
      return household.ownerOnly(params.task_id, user.id, "deletion");
    },
  );

  routes.post(
    "/tasks/{task_id}/complete",
    {
      summary: "Complete a task's current occurrence",
      description:
        'A task that happens "Once" becomes completed; a recurring one records the completion ' +
        "and moves to its next occurrence (its anchor plus one more interval, the day clamped to " +
        "the month), staying pending; completed late, it moves to its first occurrence not already " +
        "past in the time zone of the person completing it (a timed one: due after now; one " +
        "without a time: on or after their today), the missed ones skipped. When that occurrence " +
        "is past the task's repeat_until, its series has ended: the task is completed there. " +
        "Send the due date you saw: when the task is no longer " +
        "there (another tab completed it), nothing changes and the task is answered as it is. " +
        "Completing a completed task changes nothing.",
      params: TaskId,
      body: TaskCompletion,
      bodyOptional: true,
      answer: ok(Task, "The task after the completion"),
      notFound: NOT_FOUND,
      refusals: { 409: NO_NEXT_OCCURRENCE },
    },
    ({ user, params, body }) => closeSeen("complete", user, params.task_id, body.due_date),
  );

  routes.post(
    "/tasks/{task_id}/skip",
    {
      summary: "Skip a recurring task's current occurrence",
      description:
        "Passes over the occurrence without doing it: the task moves on exactly as completing it " +
        "would (to its next occurrence, or, when that is already past, to its first one not past " +
        "for the person skipping it), staying pending (unless that occurrence is past its " +
        "repeat_until: its series has then ended, completed), and the skip is kept in its history " +
        "(skipped: true). POST /tasks/{task_id}/uncomplete undoes it as it undoes a completion. " +
        'Send the due date you saw, as for complete. A pending task that happens "Once" has no ' +
        "next occurrence and is refused; a completed task is answered as it is.",
      params: TaskId,
      body: TaskCompletion,
      bodyOptional: true,
      answer: ok(Task, "The task after the skip"),
      notFound: NOT_FOUND,
      refusals: { 409: `${ONCE_NOT_SKIPPED}; or: ${NO_NEXT_OCCURRENCE}` },
    },
    ({ user, params, body }) => closeSeen("skip", user, params.task_id, body.due_date),
  );

  routes.post(
    "/tasks/{task_id}/uncomplete",
    {
      summary: "Undo a task's latest completion or skip",
      description:
        "Puts the task back exactly as the latest completion (or skip) found it (completed: " +
        "false, and a recurring task's due date back to the occurrence it closed), and forgets " +
        "that completion; the others are kept. After an edit of the due date, frequency or interval, the edit " +
        "stands and only completed goes back. A series that has ended (completed past its " +
        "repeat_until) is opened again only when the date put back is on or before its end: an " +
        "end an edit moved before it, or an ended series without completions, is a 409.",
      params: TaskId,
      answer: ok(Task, "The task as it was before its latest completion"),
      notFound: NOT_FOUND,
      refusals: { 409: `${NOTHING_TO_UNDO}; or: ${SERIES_ENDED}` },
    },
    async ({ user, params }) => {
      const row = await household.changeAs(params.task_id, user.id, (ownerId) =>
        completions.uncomplete(ownerId, params.task_id),
      );
      return row === null ? null : taskJson.of(row);
    },
  );

  routes.get(
    "/tasks/{task_id}/completions",
    {
      summary: "A task's history: when it was marked done or skipped",
      description:
        `The task's latest completions (at most ${TASK_HISTORY_LIMIT}), newest first: the due ` +
        "date of the occurrence each closed, when it was marked done or skipped, and whether it " +
        "was skipped; with how many the task has in all (total) and how many of those were " +
        "skips (skips). A completion undone is gone from it. Anyone who may read the task may read " +
        "its history.",
      params: TaskId,
      answer: ok(TaskHistory, "The task's history"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => {
      const row = await household.findReadable(params.task_id, user.id);
      return row && completions.history(row.id);
    },
  );

  return routes.app;
}
