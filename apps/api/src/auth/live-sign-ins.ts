// decisions D3: every authenticated request checks in the database that its sign-in has not ended,
// so a logout or a reuse revocation refuses the sign-in's access tokens at once, in every API
// process, and so does the sign-in's absolute end (issue 17; access tokens expire by then anyway,
// as their exp is capped at it, but one signed before the cap or with a moved clock is refused). The checks of requests that arrive together (one turn of the event loop) go to the
// database as one query: DataLoader, with its cache off, so every check is a query that starts
// after its request arrived and nothing is remembered between them. Under load that is one round
// trip for many requests instead of one each (issue 7, BENCHMARKS.md).
import DataLoader from "dataloader";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { signIns, users, type UserRow } from "../db/schema.js";

/** The most sign-ins one query asks about. */
const MAX_BATCH = 200;

export interface LiveSignIns {
  /** The user of sign-in `signInId` if it belongs to `userId` and has not ended, else null. */
  check(signInId: string, userId: number): Promise<UserRow | null>;
}

export function liveSignIns(db: Db, now: () => Date): LiveSignIns {
  // Prepared once: it runs for every authenticated request.
  const query = db
    .select({ signInId: signIns.id, user: users })
    .from(signIns)
    .innerJoin(users, eq(users.id, signIns.userId))
    .where(
      and(
        sql`${signIns.id} = any(${sql.placeholder("signInIds")}::uuid[])`,
        isNull(signIns.revokedAt),
        gt(signIns.expiresAt, sql`${sql.placeholder("now")}::timestamptz`),
      ),
    )
    .prepare("live_sign_ins");

  const loader = new DataLoader<string, UserRow | null>(
    async (signInIds) => {
      const rows = await query.execute({ signInIds, now: now().toISOString() });
      const userOf = new Map(rows.map((row) => [row.signInId, row.user]));
      return signInIds.map((id) => userOf.get(id) ?? null);
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // After every request read in this turn of the event loop has asked, not after each one.
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    },
  );

  return {
    async check(signInId, userId) {
      const user = await loader.load(signInId);
      return user?.id === userId ? user : null;
    },
  };
}
