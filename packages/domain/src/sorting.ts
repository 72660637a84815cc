// spec 2: the orders of the All Tasks and All Subscriptions lists. Both return a new array and
// keep the original order among equals (Array.prototype.sort is stable).
import type { Priority } from "./enums.js";
import { instantOf } from "./iso-dates.js";

const PRIORITY_RANK: Record<Priority, number> = { High: 0, Medium: 1, Low: 2 };

/** Tasks High, then Medium, then Low. */
export function sortTasksByPriority<T extends { priority: Priority }>(tasks: readonly T[]): T[] {
  return [...tasks].sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]);
}

/** Subscriptions by next renewal, soonest first; an unreadable date goes last. */
export function sortSubscriptionsByRenewal<T extends { next_renewal_date: string }>(
  subscriptions: readonly T[],
): T[] {
  return [...subscriptions].sort(
    (a, b) => sortKey(a.next_renewal_date) - sortKey(b.next_renewal_date),
  );
}

function sortKey(value: string): number {
  const ms = instantOf(value);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}
