// decisions D12, D13: the ledger of the morning reminder emails (schema.ts reminderMornings,
// reminderDeliveries). A morning is claimed in the same transaction that decides what it sends, so
// whichever of several workers, restarts or retries gets there first sends it, once.
import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { reminderDeliveries, reminderMornings, users } from "./schema.js";

export type Channel = "email";

export interface MorningClaim {
  userId: number;
  /** The person's date of the morning. */
  morning: string;
  channel: Channel;
  /** The job attempting it: the same id across the job engine's retries of one job. */
  jobId: string;
  now: Date;
  /** How long the claim keeps other jobs off it. */
  leaseMs: number;
  messageId: string;
  /** The keys of the reminders due that morning (domain/due-reminders.ts). */
  dueKeys: readonly string[];
}

export type ClaimResult =
  /** Send these reminders (never sent before on this channel); the morning is ours until the lease ends. */
  | { kind: "send"; keys: string[]; attempt: number }
  /** Nothing new to remind of: the morning is recorded as done without an email. */
  | { kind: "nothing" }
  /** Sent, or given up on, already. */
  | { kind: "done" }
  /** Another job holds it, and its lease has not run out. */
  | { kind: "held" };

const morningIs = (userId: number, morning: string, channel: Channel) =>
  and(
    eq(reminderMornings.userId, userId),
    eq(reminderMornings.morning, morning),
    eq(reminderMornings.channel, channel),
  );

export function claimMorning(db: Db, claim: MorningClaim): Promise<ClaimResult> {
  const { userId, morning, channel, jobId, now } = claim;
  const leaseUntil = new Date(now.getTime() + claim.leaseMs);
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const inserted = await tx
      .insert(reminderMornings)
      .values({
        userId,
        morning,
        channel,
        leaseUntil,
        leaseJob: jobId,
        attempts: 1,
        messageId: claim.messageId,
      })
      .onConflictDoNothing()
      .returning({ userId: reminderMornings.userId });
    if (inserted.length === 1) {
      // Each occurrence once per channel: those an earlier morning sent are left out.
      const fresh =
        claim.dueKeys.length === 0
          ? []
          : await tx
              .insert(reminderDeliveries)
              .values(claim.dueKeys.map((key) => ({ userId, key, channel, morning })))
              .onConflictDoNothing()
              .returning({ key: reminderDeliveries.key });
      if (fresh.length > 0) return { kind: "send", keys: fresh.map((row) => row.key), attempt: 1 };
      await tx
        .update(reminderMornings)
        .set({ sentAt: now, leaseUntil: null })
        .where(morningIs(userId, morning, channel));
      return { kind: "nothing" };
    }
    // Claimed before: by a job that is still at it, or by one that died or failed and may be
    // taken over once its lease has run out (or by this same job, retried).
    const [row] = await tx
      .select()
      .from(reminderMornings)
      .where(morningIs(userId, morning, channel))
      .for("update");
    if (row === undefined) return { kind: "done" };
    if (row.sentAt !== null || row.failedAt !== null) return { kind: "done" };
    const leased = row.leaseUntil !== null && row.leaseUntil.getTime() > now.getTime();
    if (leased && row.leaseJob !== jobId) return { kind: "held" };
    await tx
      .update(reminderMornings)
      .set({ leaseUntil, leaseJob: jobId, attempts: row.attempts + 1 })
      .where(morningIs(userId, morning, channel));
    const keys = await tx
      .select({ key: reminderDeliveries.key })
      .from(reminderDeliveries)
      .where(
        and(
          eq(reminderDeliveries.userId, userId),
          eq(reminderDeliveries.channel, channel),
          eq(reminderDeliveries.morning, morning),
        ),
      );
    return { kind: "send", keys: keys.map((k) => k.key), attempt: row.attempts + 1 };
  });
}

export interface MorningOutcome {
  userId: number;
  morning: string;
  channel: Channel;
  now: Date;
}

export async function recordSent(db: Db, { userId, morning, channel, now }: MorningOutcome) {
  await db
    .update(reminderMornings)
    .set({ sentAt: now, leaseUntil: null, lastError: null })
    .where(morningIs(userId, morning, channel));
}

/**
 * An attempt failed. `final`: the job engine will not try again, so the morning is given up on,
 * the error kept to show the person, and its reminders released so that the next morning's email
 * carries those still due (not lost); otherwise the lease is held for `leaseMs` more, for the
 * engine's retry of the same job.
 */
export async function recordFailure(
  db: Db,
  outcome: MorningOutcome & { error: string; final: boolean; leaseMs: number },
) {
  const { userId, morning, channel, now, error, final } = outcome;
  if (!final) {
    await db
      .update(reminderMornings)
      .set({ leaseUntil: new Date(now.getTime() + outcome.leaseMs), lastError: error })
      .where(morningIs(userId, morning, channel));
    return;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(reminderMornings)
      .set({ failedAt: now, leaseUntil: null, lastError: error })
      .where(morningIs(userId, morning, channel));
    await tx
      .delete(reminderDeliveries)
      .where(
        and(
          eq(reminderDeliveries.userId, userId),
          eq(reminderDeliveries.channel, channel),
          eq(reminderDeliveries.morning, morning),
        ),
      );
  });
}

export interface Recipient {
  userId: number;
  timeZone: string;
  reminderHour: number;
}

/** The people who asked for the morning email. */
export function emailRecipients(db: Db): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, timeZone: users.timeZone, reminderHour: users.reminderHour })
    .from(users)
    .where(eq(users.emailReminders, true));
}

export interface MorningState {
  userId: number;
  morning: string;
  sentAt: Date | null;
  failedAt: Date | null;
  leaseUntil: Date | null;
}

/** Each person's latest morning on the channel since `since` (a date), if any. */
export function latestMornings(db: Db, channel: Channel, since: string): Promise<MorningState[]> {
  return db
    .selectDistinctOn([reminderMornings.userId], {
      userId: reminderMornings.userId,
      morning: reminderMornings.morning,
      sentAt: reminderMornings.sentAt,
      failedAt: reminderMornings.failedAt,
      leaseUntil: reminderMornings.leaseUntil,
    })
    .from(reminderMornings)
    .where(and(eq(reminderMornings.channel, channel), sql`${reminderMornings.morning} >= ${since}`))
    .orderBy(reminderMornings.userId, desc(reminderMornings.morning));
}

export interface DeliveryError {
  morning: string;
  at: Date;
  message: string;
}

/**
 * Why the person's latest morning email could not be sent, or null when the latest one settled
 * went out (an error stays until a later morning's email gets through).
 */
export async function lastDeliveryError(
  db: Db,
  userId: number,
  channel: Channel,
): Promise<DeliveryError | null> {
  const [latest] = await db
    .select({
      morning: reminderMornings.morning,
      failedAt: reminderMornings.failedAt,
      lastError: reminderMornings.lastError,
    })
    .from(reminderMornings)
    .where(
      and(
        eq(reminderMornings.userId, userId),
        eq(reminderMornings.channel, channel),
        or(isNotNull(reminderMornings.sentAt), isNotNull(reminderMornings.failedAt)),
      ),
    )
    .orderBy(desc(reminderMornings.morning))
    .limit(1);
  if (latest?.failedAt == null) return null;
  return { morning: latest.morning, at: latest.failedAt, message: latest.lastError ?? "" };
}
