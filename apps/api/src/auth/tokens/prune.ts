// issue 17: rows that no token can use any more are deleted, a few at a time, by a path that runs
// anyway (every new sign-in), so that no job is needed and no sign-in waits long. A family's own
// expired rows also go at each of its refreshes (rotation.ts); these are the rest: families no
// longer refreshed (idle, ended, revoked), and ended sign-ins.
import { inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { refreshTokens, signIns } from "../../db/schema.js";

/** The most rows of each table one sign-in deletes. */
export const PRUNED_PER_SIGN_IN = 100;

/**
 * How long a sign-in row outlives its end: meanwhile a refresh is told that the sign-in has
 * ended (rather than only that its token expired). Its refresh tokens go with it (cascade).
 */
export const ENDED_SIGN_INS_KEPT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes expired refresh-token rows of any family, and sign-ins long past their end. Rows
 * another process is deleting at the same moment are skipped (SKIP LOCKED), so two sign-ins
 * never wait on each other here. Both use an index on expires_at.
 */
export async function pruneEndedSessions(db: Db, at: Date): Promise<void> {
  const expiredTokens = db
    .select({ jti: refreshTokens.jti })
    .from(refreshTokens)
    .where(lt(refreshTokens.expiresAt, at))
    .limit(PRUNED_PER_SIGN_IN)
    .for("update", { skipLocked: true });
  await db.delete(refreshTokens).where(inArray(refreshTokens.jti, expiredTokens));

  const keptSince = new Date(at.getTime() - ENDED_SIGN_INS_KEPT_DAYS * DAY_MS);
  const endedSignIns = db
    .select({ id: signIns.id })
    .from(signIns)
    .where(lt(signIns.expiresAt, keptSince))
    .limit(PRUNED_PER_SIGN_IN)
    .for("update", { skipLocked: true });
  await db.delete(signIns).where(inArray(signIns.id, endedSignIns));
}
