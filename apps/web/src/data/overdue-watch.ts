// decisions D6: notices when a pending task turns overdue (domain isOverdue) under a page left
// open, at its due moment on the person's clock: one timer, for the earliest such moment to come
// (clock-watch.ts). Loaded after the dashboard shows (use-overdue-watch.ts), so that the first
// download does not grow.
import { instantOf, overdueFrom, type Task, wallClockAt } from "@life-admin/domain";
// From the time zones' entry: from the index, it would be in the first download (issue 7's budget).
import { instantAtWallClock } from "@life-admin/domain/time-zones";
import { type ClockWatchOptions, watchClock } from "./clock-watch";

export interface OverdueWatchOptions extends Omit<ClockWatchOptions, "look"> {
  /** The person's IANA time zone; the runtime's own when undefined. */
  timeZone: string | undefined;
  /** The tasks the page shows. */
  tasks: readonly Pick<Task, "due_date" | "completed">[];
  /** A task has turned overdue since the page last rendered its rows. */
  onOverdue: () => void;
}

/** The earliest moment after `wallNowMs` at which one of `tasks` turns overdue, if any. */
export function nextOverdueMoment(
  tasks: OverdueWatchOptions["tasks"],
  wallNowMs: number,
): number | undefined {
  let next: number | undefined;
  for (const task of tasks) {
    if (task.completed) continue;
    const moment = overdueFrom(instantOf(task.due_date));
    if (moment > wallNowMs && (next === undefined || moment < next)) next = moment;
  }
  return next;
}

/** Starts watching; returns what stops it. */
export function watchOverdue({
  timeZone,
  tasks,
  onOverdue,
  ...clock
}: OverdueWatchOptions): () => void {
  let next = nextOverdueMoment(tasks, wallClockAt(clock.now().getTime(), timeZone));
  return watchClock({
    ...clock,
    look(nowMs) {
      if (next === undefined) return undefined;
      const wallNowMs = wallClockAt(nowMs, timeZone);
      if (next <= wallNowMs) {
        next = nextOverdueMoment(tasks, wallNowMs);
        onOverdue();
        if (next === undefined) return undefined;
      }
      // Real time until the wall clock reads it, the clocks' changes counted (as day-watch counts).
      return instantAtWallClock(next, timeZone) - nowMs;
    },
  });
}
