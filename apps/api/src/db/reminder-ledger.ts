// decisions D12, D13: the ledger of the morning reminder emails (schema.ts reminderMornings,
// reminderDeliveries). A morning is claimed in the same transaction (for a first claim, the same
// statement) that decides what it sends, so whichever of several workers, restarts or retries gets
// there first sends it, once.
import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { prepareRows } from "./prepared-rows.js";
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
  /** Another job holds it until `until`, when its lease runs out (that job may have died). */
  | { kind: "held"; until: Date };

const morningIs = (userId: number, morning: string, channel: Channel) =>
  and(
    eq(reminderMornings.userId, userId),
    eq(reminderMornings.morning, morning),
    eq(reminderMornings.channel, channel),
  );

export interface MorningOutcome {
  userId: number;
  morning: string;
  channel: Channel;
  now: Date;
}

/** A morning's claim and what became of it: what a send writes in the ledger. */
export interface MorningLedger {
  /** Claims the morning for the job, and the reminders it is to send. */
  claim(claim: MorningClaim): Promise<ClaimResult>;
  /** The email was accepted by the mail server. */
  recordSent(outcome: MorningOutcome): Promise<void>;
  /**
   * An attempt failed. `final`: the job engine will not try again, so the morning is given up
   * on, the error kept to show the person, and its reminders released so that the next morning's
   * email carries those still due (not lost); otherwise the lease is held for `leaseMs` more, for
   * the engine's retry of the same job.
   */
  recordFailure(
    outcome: MorningOutcome & { error: string; final: boolean; leaseMs: number },
  ): Promise<void>;
}

/**
 * A morning's first claim, one statement: its row, and the deliveries of the due reminders never
 * sent before on the channel, inserted only if the row was this job's to insert. One round trip
 * where BEGIN, two INSERTs and COMMIT made four: a morning's 10,000 emails make 10,000 of them
 * (issue 20's bench). The keys travel as JSON, which both drivers pass the same way.
 */
const FIRST_CLAIM = sql`
  WITH claimed AS (
    INSERT INTO ${reminderMornings}
      (user_id, morning, channel, lease_until, lease_job, attempts, message_id)
    VALUES (${sql.placeholder("userId")}, ${sql.placeholder("morning")}::date,
      ${sql.placeholder("channel")}, ${sql.placeholder("leaseUntil")}::timestamptz,
      ${sql.placeholder("jobId")}, 1, ${sql.placeholder("messageId")})
    ON CONFLICT DO NOTHING
    RETURNING user_id
  ), fresh AS (
    INSERT INTO ${reminderDeliveries} (user_id, key, channel, morning)
    SELECT claimed.user_id, due.key, ${sql.placeholder("channel")}, ${sql.placeholder("morning")}::date
    FROM claimed, json_array_elements_text(${sql.placeholder("dueKeys")}::json) AS due (key)
    ON CONFLICT DO NOTHING
    RETURNING key
  )
  SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, coalesce(json_agg(key), '[]') AS keys
  FROM fresh`;

/**
 * The ledger on `db`. The statements every email makes are prepared (parsed and planned once per
 * connection); a morning claimed before, which a retry or a takeover meets, is decided in a
 * transaction that locks its row.
 */
export function morningLedgerOf(db: Db): MorningLedger {
  const firstClaim = prepareRows<{ claimed: boolean; keys: string[] }>(
    db,
    "reminder_first_claim",
    FIRST_CLAIM,
  );
  const sent = db
    .update(reminderMornings)
    .set({
      sentAt: sql`${sql.placeholder("now")}::timestamptz`,
      leaseUntil: null,
      lastError: null,
    })
    .where(
      and(
        eq(reminderMornings.userId, sql.placeholder("userId")),
        eq(reminderMornings.morning, sql`${sql.placeholder("morning")}::date`),
        eq(reminderMornings.channel, sql.placeholder("channel")),
      ),
    )
    .prepare("reminder_sent");
  const recordSent = async ({ userId, morning, channel, now }: MorningOutcome) => {
    await sent.execute({ userId, morning, channel, now: now.toISOString() });
  };

  return {
    async claim(claim) {
      const { userId, morning, channel, jobId, now } = claim;
      const leaseUntil = new Date(now.getTime() + claim.leaseMs);
      const [first] = await firstClaim({
        userId,
        morning,
        channel,
        leaseUntil: leaseUntil.toISOString(),
        jobId,
        messageId: claim.messageId,
        dueKeys: JSON.stringify(claim.dueKeys),
      });
      if (first?.claimed === true) {
        if (first.keys.length > 0) return { kind: "send", keys: first.keys, attempt: 1 };
        await recordSent({ userId, morning, channel, now });
        return { kind: "nothing" };
      }
      return takeOver(db, claim, leaseUntil);
    },

    recordSent,

    async recordFailure(outcome) {
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
    },
  };
}

/**
 * A morning claimed before: by a job that is still at it, or by one that died or failed and may
 * be taken over once its lease has run out (or by this same job, retried).
 */
function takeOver(db: Db, claim: MorningClaim, leaseUntil: Date): Promise<ClaimResult> {
  const { userId, morning, channel, jobId, now } = claim;
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const [row] = await tx
      .select()
      .from(reminderMornings)
      .where(morningIs(userId, morning, channel))
      .for("update");
    if (row === undefined) return { kind: "done" };
    if (row.sentAt !== null || row.failedAt !== null) return { kind: "done" };
    const heldUntil = row.leaseJob === jobId ? null : row.leaseUntil;
    if (heldUntil !== null && heldUntil.getTime() > now.getTime()) {
      return { kind: "held", until: heldUntil };
    }
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
