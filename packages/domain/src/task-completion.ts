// decisions D9: what completing a task does to it. A task that happens once is done; a recurring
// one records the completion of its current occurrence and moves on, counted from its anchor
// (anchor + n intervals), never from the date it was at, and stays pending. It moves to the
// occurrence after the current one, or, when that one is already past (a task completed late),
// to its first occurrence that is not: the missed ones are skipped, so a task completed late is
// not overdue again at once. A series with an end (repeat until) whose next occurrence falls past
// that end has ended: the task is completed there. The API stores the result; the web app may
// show it before the answer comes.
import { type IsoDate, isAllDay, MS_PER_DAY } from "./iso-dates.js";
import {
  type TaskFrequency,
  firstOccurrenceFrom,
  occurrenceAt,
  pastRepeatEnd,
} from "./recurrence.js";
import { wallClockAt } from "./time-zones.js";

/** Where a task stands in its schedule: the anchor, how often, and the current occurrence's number. */
export interface TaskSchedule {
  anchorMs: number;
  frequency: TaskFrequency;
  /** Every how many of the frequency's units (1 for a task that happens once). */
  interval: number;
  occurrence: number;
  /** decisions D9: the last date its series may fall on; null or left out: no end. */
  until?: IsoDate | null | undefined;
}

/**
 * When the task is completed: the instant, and the person's IANA time zone (their clock, D6; the
 * runtime's own when undefined, as wallClockAt reads it: a browser's, the device's).
 */
export interface CompletionMoment {
  nowMs: number;
  timeZone?: string | undefined;
}

export interface CompletedTask {
  /** The due date after the completion (unchanged for a task that happens once). */
  dueMs: number;
  occurrence: number;
  /**
   * True for a task that happens once, and for a recurring one whose next occurrence lies past
   * the end of its series (it has ended there; its due date is that occurrence, so that a later
   * end makes it pending again at the first one not yet closed).
   */
  completed: boolean;
}

/**
 * The task once its current occurrence is completed at `at`: the next occurrence, or the first
 * that is not already past on the person's clock (due dates are their wall clock written as UTC
 * fields, D6): for a timed task, the first due after now; for an all-day one (due 00:00), the
 * first on or after their today, which is due all that day. Completed on time or early, that is
 * the next one.
 */
export function completeOccurrence(
  { anchorMs, frequency, interval, occurrence, until }: TaskSchedule,
  { nowMs, timeZone }: CompletionMoment,
): CompletedTask {
  if (frequency === "Once") return { dueMs: anchorMs, occurrence, completed: true };
  const wallNowMs = wallClockAt(nowMs, timeZone);
  // Every occurrence has the anchor's time of day (D9), so all are all-day or none.
  const notPastFrom = isAllDay(anchorMs)
    ? wallNowMs - (((wallNowMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) // 00:00 of their today
    : wallNowMs + 1; // after now
  const repeat = { frequency, interval };
  const next = Math.max(occurrence + 1, firstOccurrenceFrom(anchorMs, repeat, notPastFrom));
  const dueMs = occurrenceAt(anchorMs, repeat, next);
  return { dueMs, occurrence: next, completed: pastRepeatEnd(dueMs, until) };
}

/** The fields of a task's edit that change its schedule or where it ends (completedAfterEdit). */
export const SCHEDULE_FIELDS = ["due_date", "frequency", "interval", "repeat_until"] as const;

/**
 * decisions D9: whether a task is completed after an edit of its schedule (its due date,
 * frequency, interval or end), as the API keeps it (task-edits.ts): a recurring one exactly when
 * its series has ended (its due date past its end); one that happened once and still does as it
 * was; one made to happen once pending (an ended series has no date of its own to be done on).
 */
export function completedAfterEdit(
  before: { frequency: TaskFrequency; completed: boolean },
  after: { frequency: TaskFrequency; dueMs: number; until?: IsoDate | null | undefined },
): boolean {
  if (after.frequency !== "Once") return pastRepeatEnd(after.dueMs, after.until);
  return before.frequency === "Once" && before.completed;
}
