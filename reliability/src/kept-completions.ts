// decisions D9: what suite 5's models (isolation.test.ts, household-model.ts) keep of each task's
// history: its completions an undo may take back, oldest first, each whether it was a skip; and
// the check that a history answered is exactly that (how many in all, how many skips, and the
// latest listed, newest first, each done or skipped as the model has it).
import { TASK_HISTORY_LIMIT } from "@life-admin/domain";
import { expect } from "vitest";

/** Each task's completions by its id, oldest first: true for a skip. */
export type KeptCompletions = Map<number, boolean[]>;

/** How many completions (and skips) the task has that an undo may take back. */
export function keptCount(kept: KeptCompletions, taskId: number): number {
  return kept.get(taskId)?.length ?? 0;
}

/** The task's occurrence closed: marked done, or skipped. */
export function keepClosing(kept: KeptCompletions, taskId: number, skipped: boolean): void {
  kept.set(taskId, [...(kept.get(taskId) ?? []), skipped]);
}

/** The task's latest completion or skip undone. */
export function forgetLatest(kept: KeptCompletions, taskId: number): void {
  kept.set(taskId, (kept.get(taskId) ?? []).slice(0, -1));
}

/** GET /tasks/{task_id}/completions answered exactly what the model kept. */
export function expectHistoryOf(kept: KeptCompletions, taskId: number, answered: unknown): void {
  const closings = kept.get(taskId) ?? [];
  const latest = closings.slice(-TASK_HISTORY_LIMIT).reverse();
  expect(answered).toMatchObject({
    total: closings.length,
    skips: closings.filter(Boolean).length,
    completions: latest.map((skipped) => ({ skipped })),
  });
  expect((answered as { completions: unknown[] }).completions).toHaveLength(latest.length);
}
