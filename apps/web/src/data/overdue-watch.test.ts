// decisions D6: a task turns overdue under a page left open at its due moment on the person's
// clock, through setTimeout's longest wait and a computer asleep.
import { afterEach, describe, expect, it, vi } from "vitest";
import { watchOverdue } from "./overdue-watch";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

afterEach(() => {
  vi.useRealTimers();
});

/** A page and window whose events a test sends; the tab shown. */
function fakePage() {
  const page = new EventTarget();
  const view = new EventTarget();
  const visibilityState: DocumentVisibilityState = "visible";
  return {
    page: Object.assign(page, { visibilityState }),
    view,
    cameBack: () => page.dispatchEvent(new Event("visibilitychange")),
  };
}

const pending = (due_date: string) => ({ due_date, completed: false });

function watch(
  tasks: { due_date: string; completed: boolean }[],
  timeZone: string | undefined,
  now: () => Date = () => new Date(),
) {
  const onOverdue = vi.fn();
  const { page, view, cameBack } = fakePage();
  const stop = watchOverdue({ now, timeZone, tasks, onOverdue, page, view });
  return { onOverdue, stop, cameBack };
}

describe("watchOverdue", () => {
  it("calls once a task's time has passed on the person's clock, not at the time itself", async () => {
    // 08:00 in Tokyo; a call at 09:00 there, another at 11:00, one done at 08:30.
    vi.useFakeTimers({ now: new Date("2026-11-29T23:00:00Z") });
    const { onOverdue } = watch(
      [
        pending("2026-11-30T11:00:00Z"),
        pending("2026-11-30T09:00:00Z"),
        { due_date: "2026-11-30T08:30:00Z", completed: true },
      ],
      "Asia/Tokyo",
    );
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(onOverdue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onOverdue).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(onOverdue).toHaveBeenCalledTimes(2);
  });

  it("calls for a task without a time when its day has ended", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-30T12:00:00Z") });
    const { onOverdue } = watch([pending("2026-11-30T00:00:00Z")], "UTC");
    await vi.advanceTimersByTimeAsync(12 * HOUR - 1);
    expect(onOverdue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onOverdue).toHaveBeenCalledOnce();
  });

  it("waits past setTimeout's longest wait for a task due in forty days", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-30T12:00:00Z") });
    const { onOverdue } = watch([pending("2027-01-09T12:00:00Z")], "UTC");
    // A wait longer than 2^31 - 1 ms would fire at once.
    await vi.advanceTimersByTimeAsync(1);
    expect(onOverdue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40 * DAY - 1);
    expect(onOverdue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onOverdue).toHaveBeenCalledOnce();
  });

  it("counts the hour the clocks skip", async () => {
    // Los Angeles springs forward on 14 March 2027 at 02:00; from 01:00 PST, 03:30 PDT is 1.5 h on.
    vi.useFakeTimers({ now: new Date("2027-03-14T09:00:00Z") });
    const { onOverdue } = watch([pending("2027-03-14T03:30:00Z")], "America/Los_Angeles");
    await vi.advanceTimersByTimeAsync(1.5 * HOUR);
    expect(onOverdue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onOverdue).toHaveBeenCalledOnce();
  });

  it("calls when the tab is shown again after the computer slept through the moment", () => {
    // Timers do not run while asleep: only the clock moves on.
    let clock = new Date("2026-11-30T08:00:00Z");
    const { onOverdue, cameBack } = watch([pending("2026-11-30T09:00:00Z")], "UTC", () => clock);
    clock = new Date("2026-11-30T10:00:00Z");
    cameBack();
    expect(onOverdue).toHaveBeenCalledOnce();
    cameBack();
    expect(onOverdue).toHaveBeenCalledOnce();
  });

  it("stops calling once stopped", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-30T08:00:00Z") });
    const { onOverdue, stop } = watch([pending("2026-11-30T09:00:00Z")], "UTC");
    stop();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(onOverdue).not.toHaveBeenCalled();
  });
});
