// Issue 22, decisions D15: deleting an account, in one transaction. Deleting the user's row takes
// everything of theirs with it: every table that names a user does so by a foreign key ON DELETE
// CASCADE (tasks and their completions, subscriptions, files and their bytes, sign-ins and their
// refresh tokens, the calendar feed, notification reads, the reminder ledgers, login attempts),
// checked by test/account-deletion.test.ts over every table. What names the user without a key,
// the counters of the limits per account, goes in the same transaction.
//
// Writes of the same person may be running meanwhile (another tab, another device). On PGlite
// transactions run one at a time; on PostgreSQL they interleave, and the order of their locks
// matters. A create locks the user's row first (the row cap, the file quota) and then inserts,
// so it lands before the deletion (and goes with it) or finds the row gone and fails its foreign
// key (a 401, errors/error-response.ts). An edit, a completion or a deletion of one record locks
// that record first and the user's row after it (the trigger that counts the user's rows and
// revisions, drizzle/0001 and 0009), as a file's deletion locks the tasks that name it, an undo
// the completion before its task, and a refresh its token before its sign-in. Deleting the user
// first would take the user's row and then wait for such a record while its writer waits for the
// row: a deadlock, whose victim could be the person's write (a 500). So the deletion first locks
// the person's records in that same order (files, completions, tasks, subscriptions, refresh
// tokens, sign-ins), waiting for the writers that hold them to finish, and takes the user's row
// last. A record made and edited in the moment between may still cross it; then the deletion,
// not the write, gives way: it waits at most LOCK_WAIT for a lock (well under PostgreSQL's
// deadlock_timeout, 1 s by default, after which the deadlock would be found), rolls back and
// starts again.
import { sql } from "drizzle-orm";
import { ApiError } from "../errors/api-error.js";
import { ACCOUNT_LIMIT_NAMES } from "../http/rate-limits.js";
import type { Db } from "./database.js";

/** How long the deletion waits for one lock before it gives way and starts again. */
const LOCK_WAIT = "300ms";
/** Tries of the whole transaction before the person is asked to try again. */
const ATTEMPTS = 8;

/** SQLSTATEs of a deletion that gave way: lock_not_available (LOCK_WAIT), deadlock_detected. */
const GAVE_WAY = new Set(["55P03", "40P01"]);

function sqlState(error: unknown): string | undefined {
  for (let link = error; link instanceof Error; link = link.cause) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Deletes the user and everything of theirs in one transaction: true, or false when there was no
 * such user (another request deleted it first). A 503 when writes kept it waiting through every
 * attempt.
 */
export async function deleteAccount(db: Db, userId: number): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deleteAccountOnce(db, userId);
    } catch (error) {
      const state = sqlState(error);
      if (state === undefined || !GAVE_WAY.has(state)) throw error;
      if (attempt === ATTEMPTS) {
        throw new ApiError(
          503,
          "Your account is busy with other changes; please try deleting it again",
          { "Retry-After": "1" },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

function deleteAccountOnce(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
    // The person's records, locked in the order their writers lock them (the file comment).
    await tx.execute(
      sql`select id from files where user_id = ${userId} order by id for no key update`,
    );
    await tx.execute(
      sql`select c.id from task_completions c join tasks t on t.id = c.task_id
        where t.user_id = ${userId} order by c.id for update of c`,
    );
    await tx.execute(
      sql`select id from tasks where user_id = ${userId} order by id for no key update`,
    );
    await tx.execute(
      sql`select id from subscriptions where user_id = ${userId} order by id for no key update`,
    );
    await tx.execute(
      sql`select r.jti from refresh_tokens r join sign_ins s on s.id = r.sign_in_id
        where s.user_id = ${userId} order by r.jti for update of r`,
    );
    await tx.execute(sql`select id from sign_ins where user_id = ${userId} order by id for update`);
    await tx.execute(
      sql`delete from rate_limit_counters
        where subject = ${String(userId)} and limit_name in (${sql.join(
          ACCOUNT_LIMIT_NAMES.map((name) => sql`${name}`),
          sql`, `,
        )})`,
    );
    const deleted = await tx.execute(sql`delete from users where id = ${userId} returning id`);
    return rowsOf(deleted).length === 1;
  });
}

/** The rows of a raw query's answer: both drivers answer `{ rows: [...] }`. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}
