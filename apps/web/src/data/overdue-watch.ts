// decisions D6: notices when a pending task turns overdue (domain isOverdue) under a page left
// open, at its due moment on the person's clock: one timer, for the earliest such moment to come,
// and a look at the clock when the tab is shown or focused again (a hidden tab's timers are held
// back, and a computer may sleep through the moment). Loaded after the dashboard shows
// (use-overdue-watch.ts), so that the first download does not grow.
import { instantOf, overdueFrom, type Task, wallClockAt } from "@life-admin/domain";
// From the time zones' entry: from the index, it would be in the first download (issue 7's budget).
import { instantAtWallClock } from "@life-admin/domain/time-zones";

/** setTimeout's longest wait (2^31 - 1 ms, about 24.8 days): a longer one fires at once. */
export const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export interface OverdueWatchOptions {
  now: () => Date;
  /** The person's IANA time zone; the runtime's own when undefined. */
  timeZone: string | undefined;
  /** The tasks the page shows. */
  tasks: readonly Pick<Task, "due_date" | "completed">[];
  /** A task has turned overdue since the page last rendered its rows. */
  onOverdue: () => void;
  /** The page whose coming back into view is checked. Default: the document. */
  page?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  /** Where focus comes back to. Default: the window. */
  view?: Pick<Window, "addEventListener" | "removeEventListener">;
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
  now,
  timeZone,
  tasks,
  onOverdue,
  page = document,
  view = window,
}: OverdueWatchOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next = nextOverdueMoment(tasks, wallClockAt(now().getTime(), timeZone));
  const check = () => {
    clearTimeout(timer);
    const nowMs = now().getTime();
    const wallNowMs = wallClockAt(nowMs, timeZone);
    if (next === undefined) return;
    // A timer that wakes early (a long wait cut short, the clock set back) finds nothing passed.
    if (next <= wallNowMs) {
      next = nextOverdueMoment(tasks, wallNowMs);
      onOverdue();
      if (next === undefined) return;
    }
    // Real time until the wall clock reads it, the clocks' changes counted (as day-watch counts).
    const wait = instantAtWallClock(next, timeZone) - nowMs;
    timer = setTimeout(check, Math.min(LONGEST_TIMEOUT_MS, Math.max(1, wait)));
  };
  const onVisible = () => {
    if (page.visibilityState === "visible") check();
  };
  page.addEventListener("visibilitychange", onVisible);
  view.addEventListener("focus", check);
  check();
  return () => {
    clearTimeout(timer);
    page.removeEventListener("visibilitychange", onVisible);
    view.removeEventListener("focus", check);
  };
}
