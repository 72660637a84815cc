// issue 23: tells Settings' household section when one of the owner's links not used yet expires,
// at that moment, while the page stays open: one timer for the first expiry, never asking the API
// every so often; checked again when the tab is shown or focused, as the dashboard's day is
// (data/day-watch.ts): a hidden tab's timers are held back, and a computer may sleep through it.
import { instantOf } from "@life-admin/domain";
import type { PendingInvitation } from "@life-admin/domain/household";
import { useEffect, useEffectEvent } from "react";

/** setTimeout's longest wait (about 24.8 days): a later moment is waited for in turns. */
const LONGEST_WAIT = 2 ** 31 - 1;

/** The moment (ms) the first of `links` expires; null for none. */
function firstExpiry(links: readonly PendingInvitation[]): number | null {
  const moments = links.map((link) => instantOf(link.expires_at)).filter(Number.isFinite);
  return moments.length === 0 ? null : Math.min(...moments);
}

/** A link still joins someone at `at` (ms): the API's rule, expired from its expires_at on. */
export const unexpiredAt = (at: number) => (link: PendingInvitation) =>
  instantOf(link.expires_at) > at;

/**
 * Calls `onExpiry(at)` (`at`: the clock then, in ms) once the first of `links` has expired by
 * `now()`, and again for the next one once `links` no longer holds it.
 */
export function useLinkExpiry(
  links: readonly PendingInvitation[],
  now: () => Date,
  onExpiry: (at: number) => void,
): void {
  const first = firstExpiry(links);
  const expired = useEffectEvent(onExpiry);
  useEffect(() => {
    if (first === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const at = now().getTime();
      // A timer that wakes early (the device's clock set back) waits again.
      if (at < first) timer = setTimeout(check, Math.min(first - at, LONGEST_WAIT));
      else expired(at);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", check);
    check();
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", check);
    };
  }, [first, now]);
}
