// decisions D13: the morning reminder emails, as two jobs. Every minute the sweep finds the people
// whose morning (reminder_hour on their clock) has come and whose email for today has not gone out,
// and queues one send per person and morning (a morning a worker has claimed and not yet sent, for
// when its lease ends: if that worker died, the morning goes out then; a send that finds such a
// claim queues the morning again for the same moment); a morning missed while no worker ran is
// found by the first sweep after. The send claims the morning in the ledger
// (db/reminder-ledger.ts), then emails the reminders it claimed.
import {
  type DueReminder,
  addDays,
  instantAtLocal,
  utcDateAt,
  wallClockAt,
} from "@life-admin/domain";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { notificationsOf } from "../db/notifications.js";
import { emailRecipients, latestMornings, morningLedgerOf } from "../db/reminder-ledger.js";
import { users } from "../db/schema.js";
import type { Mailer } from "../email/mailer.js";
import { morningEmail } from "../email/morning-email.js";
import type { UnsubscribeTokens } from "../email/unsubscribe-tokens.js";

/** One person's email for one of their mornings (their date). */
export interface MorningJob {
  userId: number;
  morning: string;
}

/** A morning to queue, and from when. */
export interface DueMorning {
  job: MorningJob;
  /** Null: now. A date: a worker's claim holds the morning until then (it may have died). */
  notBefore: Date | null;
}

/**
 * The mornings to send at `nowMs`: each person with email on whose reminder hour has come today,
 * on their clock, and whose email for today is neither sent nor given up on; from when a live
 * claim on it ends, if there is one.
 */
export async function dueMornings(db: Db, nowMs: number): Promise<DueMorning[]> {
  const recipients = await emailRecipients(db);
  if (recipients.length === 0) return [];
  // Every zone's today is within a day of UTC's.
  const latest = new Map(
    (await latestMornings(db, "email", addDays(utcDateAt(nowMs), -2))).map((m) => [m.userId, m]),
  );
  const clocks = new Map<string, { today: string; hour: number }>();
  const due: DueMorning[] = [];
  for (const { userId, timeZone, reminderHour } of recipients) {
    let clock = clocks.get(timeZone);
    if (clock === undefined) {
      const wall = wallClockAt(nowMs, timeZone);
      clock = { today: utcDateAt(wall), hour: new Date(wall).getUTCHours() };
      clocks.set(timeZone, clock);
    }
    if (clock.hour < reminderHour) continue;
    const last = latest.get(userId);
    const job = { userId, morning: clock.today };
    if (last !== undefined && last.morning >= clock.today) {
      if (last.morning > clock.today || last.sentAt !== null || last.failedAt !== null) continue;
      if (last.leaseUntil !== null && last.leaseUntil.getTime() > nowMs) {
        due.push({ job, notBefore: last.leaseUntil });
        continue;
      }
    }
    due.push({ job, notBefore: null });
  }
  return due;
}

export interface ReminderEmailDeps {
  db: Db;
  config: Pick<Config, "publicApiUrl" | "webOrigin">;
  mailer: Mailer;
  unsubscribeTokens: UnsubscribeTokens;
  now: () => Date;
  /** How long a claim keeps other jobs off a morning (a worker killed mid-send frees it then). */
  leaseMs: number;
  /**
   * Queues a morning again, for when the claim that held it off ends: if its worker died, the
   * morning goes out then, not at the first sweep after.
   */
  queueAt: (job: MorningJob, notBefore: Date) => Promise<void>;
}

export interface SendAttempt {
  /** The job engine's id of the job: the same across its retries. */
  jobId: string;
  /** No retry follows this attempt. */
  final: boolean;
}

export type SendOutcome = "sent" | "nothing" | "done" | "held" | "off";

/** The Message-ID of a person's email for a morning: one per (user, morning), whoever sends it. */
export function morningMessageId(userId: number, morning: string, publicApiUrl: string): string {
  return `<reminders.${userId}.${morning}@${new URL(publicApiUrl).hostname}>`;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

export function morningEmailSender(deps: ReminderEmailDeps) {
  const notifications = notificationsOf(deps.db);
  const ledger = morningLedgerOf(deps.db);
  // Prepared once, as the rest of what each email reads and writes.
  const personById = deps.db
    .select({
      email: users.email,
      timeZone: users.timeZone,
      reminderHour: users.reminderHour,
      emailReminders: users.emailReminders,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("reminder_person");

  return async function sendMorning(job: MorningJob, attempt: SendAttempt): Promise<SendOutcome> {
    const { userId, morning } = job;
    const [person] = await personById.execute({ userId });
    if (!person?.emailReminders) return "off";
    // What was due that morning, on the person's clock, whenever the job runs.
    const at = new Date(instantAtLocal(morning, person.reminderHour, person.timeZone));
    const due = await notifications.due({ userId, timeZone: person.timeZone, now: at });
    const messageId = morningMessageId(userId, morning, deps.config.publicApiUrl);
    const claim = await ledger.claim({
      userId,
      morning,
      channel: "email",
      jobId: attempt.jobId,
      now: deps.now(),
      leaseMs: deps.leaseMs,
      messageId,
      dueKeys: due.map((reminder) => reminder.key),
    });
    if (claim.kind === "held") await deps.queueAt(job, claim.until);
    if (claim.kind !== "send") return claim.kind;
    const claimed = new Set(claim.keys);
    const reminders: DueReminder[] = due.filter((reminder) => claimed.has(reminder.key));
    const outcome = { userId, morning, channel: "email" as const };
    if (reminders.length === 0) {
      // All of them done or paused since: nothing left to say.
      await ledger.recordSent({ ...outcome, now: deps.now() });
      return "nothing";
    }
    const token = deps.unsubscribeTokens.tokenFor(userId);
    const email = morningEmail({
      morning,
      reminders,
      webOrigin: deps.config.webOrigin,
      unsubscribeUrl: `${deps.config.publicApiUrl}/email/unsubscribe?token=${token}`,
    });
    try {
      await deps.mailer.send({ to: person.email, messageId, ...email });
    } catch (error) {
      await ledger.recordFailure({
        ...outcome,
        now: deps.now(),
        error: errorText(error),
        final: attempt.final,
        leaseMs: deps.leaseMs,
      });
      throw error;
    }
    await ledger.recordSent({ ...outcome, now: deps.now() });
    return "sent";
  };
}
