// decisions D9: what completing a task does to it. A task that happens once is done; a recurring
// one moves on to its next occurrence, counted from its anchor (anchor + n + 1 intervals), never
// from the date it was at, and stays pending. The API stores the result; the web app may show it
// before the answer comes.
import { type TaskFrequency, occurrenceAt } from "./recurrence.js";

/** Where a task stands in its schedule: the anchor, how often, and the current occurrence's number. */
export interface TaskSchedule {
  anchorMs: number;
  frequency: TaskFrequency;
  occurrence: number;
}

export interface CompletedTask {
  /** The due date after the completion (unchanged for a task that happens once). */
  dueMs: number;
  occurrence: number;
  completed: boolean;
}

/** The task once its current occurrence is completed. */
export function completeOccurrence({
  anchorMs,
  frequency,
  occurrence,
}: TaskSchedule): CompletedTask {
  if (frequency === "Once") return { dueMs: anchorMs, occurrence, completed: true };
  const next = occurrence + 1;
  return { dueMs: occurrenceAt(anchorMs, frequency, next), occurrence: next, completed: false };
}
