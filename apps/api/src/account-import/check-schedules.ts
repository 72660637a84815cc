// issue 22: an import's records keep their schedules as the API keeps them (decisions D9, D10), so
// that what is imported works as it did: a task's due date is the occurrence its anchor and number
// say (completing it goes on from there), a completed "Once" task has the completion (done, not
// skipped) that "Mark not done" undoes, only a recurring schedule's occurrence is skipped (the
// database's task_completions_once_skip_check would stop the import's transaction with a 422 that
// names no record), only a recurring series ends on a date and a pending task is due on or before
// its end (tasks_once_until_check, tasks_pending_until_check: the same), and a subscription's next
// renewal is one of the renewals of the date entered. A hand-edited data.json that says otherwise
// is refused, not half-believed.
import {
  instantOf,
  occurrenceAt,
  pastRepeatEnd,
  renewalOnOrAfter,
  type TaskFrequency,
  utcDateAt,
} from "@life-admin/domain";
import type { AccountArchive, ArchiveTask } from "@life-admin/domain/archive";

export interface ScheduleProblem {
  /** Where in data.json: ["tasks", 3, "due_date"]. */
  path: (string | number)[];
  msg: string;
}

interface TaskSchedule {
  due_date: string;
  anchor_at: string;
  occurrence: number;
  frequency: TaskFrequency;
  interval: number;
}

/** The due instant a task's anchor and occurrence number say (a "Once" task's is its anchor). */
function dueOf({ anchor_at, occurrence, frequency, interval }: TaskSchedule): number | null {
  const anchorMs = instantOf(anchor_at);
  if (frequency === "Once") return occurrence === 0 ? anchorMs : null;
  return occurrenceAt(anchorMs, { frequency, interval }, occurrence);
}

/**
 * decisions D9: why a task's repeat_until cannot be kept, or null. A completed recurring task past
 * its end is a series that ended there, as completing its last occurrence leaves it.
 */
function repeatEndProblem(task: ArchiveTask): string | null {
  const until = task.repeat_until;
  if (until === null) return null;
  if (task.frequency === "Once") {
    return `is ${until}, but its frequency is Once: only a repeating task's series ends on a date`;
  }
  const dueMs = instantOf(task.due_date);
  if (!task.completed && pastRepeatEnd(dueMs, until)) {
    return (
      `is before the date of its due_date (${utcDateAt(dueMs)}, UTC), but the task is not ` +
      "completed: a pending task is due on or before the end of its series"
    );
  }
  return null;
}

export function scheduleProblems(archive: AccountArchive): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  archive.tasks.forEach((task, i) => {
    if (dueOf(task) !== instantOf(task.due_date)) {
      problems.push({
        path: ["tasks", i, "due_date"],
        msg: "is not the occurrence its anchor_at, occurrence, frequency and interval say",
      });
    }
    // A completed recurring task within its series is what an edit to repeat once left of a done
    // "Once" task: the person's own export, taken in as that edit now leaves it, pending; one past
    // its end has ended there and stays completed (db/account-import.ts).
    const done = task.completions.some((completion) => !completion.skipped);
    if (task.completed && task.frequency === "Once" && !done) {
      problems.push({
        path: ["tasks", i, "completed"],
        msg: "a completed Once task has its completion, not skipped, in its completions",
      });
    }
    const endProblem = repeatEndProblem(task);
    if (endProblem !== null) problems.push({ path: ["tasks", i, "repeat_until"], msg: endProblem });
    task.completions.forEach((completion, j) => {
      if (completion.skipped && completion.frequency === "Once") {
        problems.push({
          path: ["tasks", i, "completions", j, "skipped"],
          msg: "is true, but its frequency is Once: only a repeating task's occurrence can be skipped",
        });
      }
    });
  });
  archive.subscriptions.forEach((subscription, i) => {
    const { renewal_anchor, next_renewal_date } = subscription;
    if (renewalOnOrAfter(renewal_anchor, subscription, next_renewal_date) !== next_renewal_date) {
      problems.push({
        path: ["subscriptions", i, "next_renewal_date"],
        msg: `is not a renewal of renewal_anchor (${renewal_anchor}) by its frequency and interval`,
      });
    }
  });
  return problems;
}
