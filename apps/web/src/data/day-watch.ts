// decisions D6: notices when the person's date changes under a page left open: at their midnight
// while the tab is shown, and at the latest when the tab is shown or focused again (clock-watch.ts).
// Loaded after the dashboard shows (use-today.ts), so that the first download does not grow.
import { addDays, calendarDateIn, type IsoDate } from "@life-admin/domain";
// From the time zones' entry: from the index, it would be in the first download (issue 7's budget).
import { instantAtLocal } from "@life-admin/domain/time-zones";
import { type ClockWatchOptions, watchClock } from "./clock-watch";

export interface DayWatchOptions extends Omit<ClockWatchOptions, "look"> {
  /** The person's IANA time zone; the runtime's own when undefined. */
  timeZone: string | undefined;
  /** The day the page shows now. */
  today: IsoDate;
  /** The person's date is no longer `today`: called with the new one. */
  onNewDay: (today: IsoDate) => void;
}

/** Starts watching; returns what stops it. Checks once at once (the day may have changed). */
export function watchDay({ timeZone, today, onNewDay, ...clock }: DayWatchOptions): () => void {
  let shown = today;
  return watchClock({
    ...clock,
    look(nowMs) {
      const at = new Date(nowMs);
      const current = calendarDateIn(at, timeZone);
      if (current !== shown) {
        shown = current;
        onNewDay(current);
      }
      return msUntilMidnight(at, timeZone);
    },
  });
}

/**
 * Milliseconds from `now` until the next 00:00 on the wall clock of `timeZone` (at least 1): the
 * real time until the instant the person's next day begins, so 23 hours on the day the clocks
 * spring forward (counted on the wall clock, the day turned an hour late that night).
 */
export function msUntilMidnight(now: Date, timeZone: string | undefined): number {
  const tomorrow = addDays(calendarDateIn(now, timeZone), 1);
  return Math.max(1, instantAtLocal(tomorrow, 0, timeZone) - now.getTime());
}
