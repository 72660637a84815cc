// Issue 17: the most tasks and subscriptions one user may keep (MAX_TASKS_PER_USER,
// MAX_SUBSCRIPTIONS_PER_USER). A create past the cap is a 409: the request itself is sound, it
// conflicts with what the user already has, and they can resolve it by deleting some (RFC 9110,
// 15.5.10); a 403 would say they may never do it, a 422 that the request was wrong.
//
// The check is part of the INSERT (db/insert-one.ts, preparedInsertWhere) and reads the user's count
// by primary key (users.task_count, users.subscription_count, kept by a trigger in the UPDATE
// every create already makes), so a create costs the same with 10 rows or 50,000. The user's row
// is locked by the check, so two creates at once cannot both take the last place.
import { type SQL, sql } from "drizzle-orm";
import { users } from "../db/schema.js";
import { ApiError } from "../errors/api-error.js";

export type CappedRows = "tasks" | "subscriptions";

const COUNT_OF = { tasks: users.taskCount, subscriptions: users.subscriptionCount } as const;
const ONE_OF: Record<CappedRows, string> = { tasks: "task", subscriptions: "subscription" };

export interface RowCap {
  /**
   * The condition for one more row of the user's, to check inside the INSERT (a prepared one:
   * the user's id is its placeholder `userId`, the new record's assignee's `assigneeId`).
   */
  allows: SQL;
  /** The 409 when it did not hold. */
  reached(): ApiError;
}

/** The documented answer of a create that meets its cap (a route's `refusals`). */
export const ROW_CAP_REFUSAL = {
  409: "The user already has as many of these as one user may keep (the detail says how many)",
} as const;

export function rowCap(rows: CappedRows, cap: number): RowCap {
  const count = COUNT_OF[rows];
  const noun = cap === 1 ? ONE_OF[rows] : rows;
  const detail = `You have reached the limit of ${cap.toLocaleString("en-US")} ${noun}. Delete some to add more.`;
  return {
    // FOR NO KEY UPDATE: what the trigger's UPDATE of the same row takes anyway, taken first, so a
    // concurrent create of the same user waits and then sees the count this one leaves. No row
    // (issue 22: the account was deleted meanwhile) lets the insert go on to fail its foreign key,
    // the 401 of a person who is gone, instead of reading as a full cap.
    // Issue 23: the new record's assignee's row (placeholder `assigneeId`, null for none) is locked
    // with it, both by ascending id as the trigger takes them (migration 0013); locking the
    // owner's first, a create of A's assigned to B and one of B's assigned to A deadlocked on
    // PostgreSQL (a 500, found by the household bench). The aggregate's FILTER picks the owner's
    // after both are locked: a WHERE on their id would be pushed into the subquery, locking theirs
    // alone.
    allows: sql`coalesce((select bool_and(locked.kept < ${cap}) filter (where locked.id = ${sql.placeholder("userId")}) from (select ${users.id} as id, ${count} as kept from ${users} where ${users.id} in (${sql.placeholder("userId")}, ${sql.placeholder("assigneeId")}) order by ${users.id} for no key update) locked), true)`,
    reached: () => new ApiError(409, detail),
  };
}
