// decisions D9: what suite 5's models (isolation.test.ts, household-model.ts) keep of each task's
// history: its completions an undo may take back, oldest first, each whether it was a skip and
// where it found the task; the check that a history answered is exactly that (how many in all, how
// many skips, and the latest listed, newest first, each done or skipped as the model has it); and
// whether an undo is refused because it would put an ended series back past its end.
import { TASK_HISTORY_LIMIT, pastRepeatEnd } from "@life-admin/domain";
import { expect } from "vitest";

/** A task as the API answers it, in the fields an undo reads. */
type TaskAnswer = Record<string, unknown>;

/** One closed occurrence: a skip or not, and the task as it was when it was closed. */
interface Closing {
  skipped: boolean;
  found: TaskAnswer;
}

/** Each task's completions by its id, oldest first. */
export type KeptCompletions = Map<number, Closing[]>;

/** How many completions (and skips) the task has that an undo may take back. */
export function keptCount(kept: KeptCompletions, taskId: number): number {
  return kept.get(taskId)?.length ?? 0;
}

/** The task's occurrence closed (marked done, or skipped) where the task was `found`. */
export function keepClosing(
  kept: KeptCompletions,
  found: TaskAnswer & { id: number },
  skipped: boolean,
): void {
  kept.set(found.id, [...(kept.get(found.id) ?? []), { skipped, found }]);
}

/** The task's latest completion or skip undone. */
export function forgetLatest(kept: KeptCompletions, taskId: number): void {
  kept.set(taskId, (kept.get(taskId) ?? []).slice(0, -1));
}

/** Whether the task is on the schedule it was on when `found`: no edit has re-anchored it since. */
function sameSchedule(task: TaskAnswer, found: TaskAnswer): boolean {
  return (
    Date.parse(String(task.repeats_from)) === Date.parse(String(found.repeats_from)) &&
    task.frequency === found.frequency &&
    task.interval === found.interval
  );
}

/**
 * Whether undoing the task's latest closing is refused (409): it puts back the occurrence that
 * closing found (the task's own due date when an edit re-anchored it since), and a date past the
 * series' end (an edit moved the end before it) would leave the series ended, so the undo is
 * refused and the completion kept.
 */
export function undoRefusedPastEnd(kept: KeptCompletions, task: TaskAnswer & { id: number }) {
  const latest = kept.get(task.id)?.at(-1);
  if (latest === undefined) return false;
  const restored = sameSchedule(task, latest.found) ? latest.found.due_date : task.due_date;
  return pastRepeatEnd(Date.parse(String(restored)), (task.repeat_until as string | null) ?? null);
}

/** GET /tasks/{task_id}/completions answered exactly what the model kept. */
export function expectHistoryOf(kept: KeptCompletions, taskId: number, answered: unknown): void {
  const closings = kept.get(taskId) ?? [];
  const latest = closings.slice(-TASK_HISTORY_LIMIT).reverse();
  expect(answered).toMatchObject({
    total: closings.length,
    skips: closings.filter((closing) => closing.skipped).length,
    completions: latest.map(({ skipped }) => ({ skipped })),
  });
  expect((answered as { completions: unknown[] }).completions).toHaveLength(latest.length);
}
