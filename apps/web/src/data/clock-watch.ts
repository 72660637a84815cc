// decisions D6: how a page left open waits for a moment on the clock (the person's midnight, a
// task's due moment, an invitation link's expiry): one timer for the next moment, and a look at
// the clock whenever the tab is shown or focused again, since a hidden tab's timers are held back
// and a computer may sleep through the moment.

/** setTimeout's longest wait (2^31 - 1 ms, about 24.8 days): a longer one fires at once. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export interface ClockWatchOptions {
  now: () => Date;
  /**
   * Looks at the clock (`nowMs`), does what has come due, and answers how long to wait for the
   * next look (ms, real time); undefined: nothing to wait for. A timer that wakes early (a long
   * wait cut short, the device's clock set back) only looks again.
   */
  look: (nowMs: number) => number | undefined;
  /** The page whose coming back into view is checked. Default: the document. */
  page?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  /** Where focus comes back to. Default: the window. */
  view?: Pick<Window, "addEventListener" | "removeEventListener">;
}

/** Starts watching, with a first look at once; returns what stops it. */
export function watchClock({
  now,
  look,
  page = document,
  view = window,
}: ClockWatchOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    clearTimeout(timer);
    const wait = look(now().getTime());
    if (wait !== undefined) {
      timer = setTimeout(check, Math.min(LONGEST_TIMEOUT_MS, Math.max(1, wait)));
    }
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
