// decisions D6: notices when the person's date changes under a page left open: at their midnight
// while the tab is shown, and at the latest when the tab is shown or focused again (a hidden tab's
// timers are held back, and a computer may sleep through midnight). Loaded after the dashboard
// shows (use-today.ts), so that the first download does not grow.
import { addDays, calendarDateIn, type IsoDate } from "@life-admin/domain";
// From the time zones' entry: from the index, it would be in the first download (issue 7's budget).
import { instantAtLocal } from "@life-admin/domain/time-zones";

export interface DayWatchOptions {
  now: () => Date;
  /** The person's IANA time zone; the runtime's own when undefined. */
  timeZone: string | undefined;
  /** The day the page shows now. */
  today: IsoDate;
  /** The person's date is no longer `today`: called with the new one. */
  onNewDay: (today: IsoDate) => void;
  /** The page whose coming back into view is checked. Default: the document. */
  page?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  /** Where focus comes back to. Default: the window. */
  view?: Pick<Window, "addEventListener" | "removeEventListener">;
}

/** Starts watching; returns what stops it. Checks once at once (the day may have changed). */
export function watchDay({
  now,
  timeZone,
  today,
  onNewDay,
  page = document,
  view = window,
}: DayWatchOptions): () => void {
  let shown = today;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const at = now();
    const current = calendarDateIn(at, timeZone);
    if (current !== shown) {
      shown = current;
      onNewDay(current);
    }
    // A timer that wakes early (the device's clock set back) finds the same day and waits again.
    clearTimeout(timer);
    timer = setTimeout(check, msUntilMidnight(at, timeZone));
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

/**
 * Milliseconds from `now` until the next 00:00 on the wall clock of `timeZone` (at least 1): the
 * real time until the instant the person's next day begins, so 23 hours on the day the clocks
 * spring forward (counted on the wall clock, the day turned an hour late that night).
 */
export function msUntilMidnight(now: Date, timeZone: string | undefined): number {
  const tomorrow = addDays(calendarDateIn(now, timeZone), 1);
  return Math.max(1, instantAtLocal(tomorrow, 0, timeZone) - now.getTime());
}
