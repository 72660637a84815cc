// issue 23: tells Settings' household section when one of the owner's links not used yet expires,
// at that moment, while the page stays open: one timer for the first expiry, never asking the API
// every so often (data/clock-watch.ts, as the dashboard waits for the person's midnight).
import { instantOf } from "@life-admin/domain";
import type { PendingInvitation } from "@life-admin/domain/household";
import { useEffect, useEffectEvent } from "react";
import { watchClock } from "../data/clock-watch";

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
    return watchClock({
      now,
      look(nowMs) {
        if (nowMs < first) return first - nowMs;
        expired(nowMs);
        return undefined;
      },
    });
  }, [first, now]);
}
