// decisions D9: completions are kept, so a task's history is never lost. A task's history as the
// API answers it (GET /tasks/{task_id}/completions): its latest completions, newest first, each
// the due date of the occurrence it closed, when it was marked done, and whether it was skipped
// instead (a recurring task's occurrence passed over, D9), with how many there are in all and how
// many of those were skips. A completion undone is gone from it, as it is from the task. An entry of its own too
// (@life-admin/domain/task-history, tsup.config.ts), for the api-client's calls that load with the
// edit form: imported from the index, they would stay in the web app's first download. The whole
// answer's schema, with z.array, is task-history-answer.ts, which only the API imports (as
// household-answer.ts).
import * as z from "zod/mini";
import { IsoDateTimeSchema } from "./iso-dates.js";

/** How many of a task's latest completions its history answers (a daily chore has hundreds). */
export const TASK_HISTORY_LIMIT = 20;

/**
 * One occurrence closed: the date it was due, when it was marked done or skipped, and which (a
 * skip moved the task on without doing it).
 */
export const TaskHistoryEntrySchema = /* @__PURE__ */ z.object({
  due_date: IsoDateTimeSchema,
  completed_at: IsoDateTimeSchema,
  skipped: /* @__PURE__ */ z.boolean(),
});
export type TaskHistoryEntry = z.infer<typeof TaskHistoryEntrySchema>;

/** A history's count: the whole answer but its list (task-history-answer.ts has all of it). */
export const TaskHistoryHeadSchema = /* @__PURE__ */ z.object({
  /** Every completion the task has, skips included, also those older than the ones listed. */
  total: /* @__PURE__ */ z.number().check(z.int(), z.minimum(0)),
  /** How many of `total` were skips. */
  skips: /* @__PURE__ */ z.number().check(z.int(), z.minimum(0)),
});

export interface TaskHistory extends z.infer<typeof TaskHistoryHeadSchema> {
  /** The latest TASK_HISTORY_LIMIT at most, newest first. */
  completions: TaskHistoryEntry[];
}
