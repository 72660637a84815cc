// decisions D12: the job engine is pg-boss, on the database the API already runs. On PGlite it
// shares the one embedded instance through pg-boss's own PGlite adapter (fromPglite: parameterless
// multi-statement SQL through exec(), the rest through query(); PGlite queues both behind any open
// transaction of ours); on PostgreSQL it keeps a small pool of its own to the same server. The API
// process starts it after listening (WORKERS=on), the `worker` entry (worker.ts) alone. Each start
// sweeps at once, not at the next minute: a process restarted after a crash (or after a night
// down) sends the mornings it finds due straight away. Issue 21: it reads uploaded files too
// (file-reading.ts), and its workers are woken at once by a file queued in any process.
import type { KeyObject } from "node:crypto";
import type { Config } from "../config.js";
import type { Database } from "../db/database.js";
import { createMailer } from "../email/mailer.js";
import type { UnsubscribeTokens } from "../email/unsubscribe-tokens.js";
import type { Logger } from "../logger.js";
import type { DocumentReader } from "../reading/extract-text.js";
import { type FileReading, startFileReading } from "./file-reading.js";
import { bossFor, startBoss } from "./pg-boss.js";
import {
  type DueMorning,
  type MorningJob,
  dueMornings,
  morningEmailSender,
} from "./reminder-emails.js";

const MORNING_SWEEP = "reminder-mornings";
const MORNING_EMAIL = "reminder-email";

export interface RetryPolicy {
  /** Tries after the first. */
  limit: number;
  /** Before the first retry; doubled (with jitter) for each next one when `backoff`. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobEngineOptions {
  /** How often an idle worker asks for jobs. Default 2 seconds. */
  pollingIntervalSeconds?: number;
  /** An email that fails: default 5 retries from 30 s, doubling (about 15 minutes in all). */
  retry?: RetryPolicy;
  /** Sweep when started and then every minute on pg-boss's schedule. Default true; tests sweep by hand. */
  schedule?: boolean;
  /** What reads files' text. Default: reading/extract-text.ts's worker threads. */
  extractor?: DocumentReader;
  /** How long a claim on a file keeps other jobs off it (jobs/file-reading.ts). Tests shorten it. */
  fileReadLeaseSeconds?: number;
  /** Before a file whose reading failed unexpectedly is tried again (doubling). Default 5 s. */
  fileReadRetryDelaySeconds?: number;
}

export interface JobEngineDeps {
  config: Config;
  database: Database;
  logger: Logger;
  unsubscribeTokens: UnsubscribeTokens;
  /** decisions D14: the stored files' key, to read them. */
  filesKey: KeyObject;
  now: () => Date;
}

export interface JobEngine {
  /**
   * Queues the mornings due now, and those a live claim holds for when its lease ends (what the
   * schedule does each minute); how many it queued.
   */
  sweepMornings(): Promise<number>;
  /** Queues one morning for `notBefore` (a job that found it held does, for its claim's end). */
  queueMorning: (job: MorningJob, notBefore: Date) => Promise<void>;
  /** Queues the files still "reading" (what the schedule does each minute); how many it queued. */
  sweepFiles(): Promise<number>;
  /** Stops taking jobs, waits for those in hand (up to a timeout), and closes pg-boss. */
  stop(): Promise<void>;
}

const DEFAULT_RETRY: RetryPolicy = { limit: 5, delaySeconds: 30, backoff: true };
const STOP_TIMEOUT_MS = 10_000;
/**
 * A sweep takes well under a second; one whose worker was killed holds the sweep's queue (one
 * sweep at a time) until pg-boss expires it, so not for its default 15 minutes.
 */
const SWEEP_EXPIRE_SECONDS = 60;
/** Emails one worker fetches and sends at once (two workers: up to 16 in flight). */
const EMAIL_BATCH_SIZE = 8;

export async function startJobEngine(
  deps: JobEngineDeps,
  options: JobEngineOptions = {},
): Promise<JobEngine> {
  const { logger, database } = deps;
  const retry = options.retry ?? DEFAULT_RETRY;
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const boss = bossFor(database.jobStore, "work");
  boss.on("error", (error) => {
    logger.error({ err: error }, "job engine error");
  });
  await startBoss(boss, database.jobStore);

  const mailer = deps.config.email === null ? null : createMailer(deps.config.email);
  let files: FileReading | null = null;
  // One job queued per person and morning at a time (the queue's policy); the ledger makes sure
  // of once whatever the queue holds.
  const queueMornings = async (due: DueMorning[]) => {
    await boss.insert(
      MORNING_EMAIL,
      due.map(({ job, notBefore }) => ({
        data: job,
        singletonKey: `${job.userId}:${job.morning}`,
        ...(notBefore === null ? {} : { startAfter: notBefore }),
      })),
    );
  };
  const queueMorning = (job: MorningJob, notBefore: Date) => queueMornings([{ job, notBefore }]);
  const sweepMornings = async () => {
    // Without SMTP_URL no email can be sent: the mornings stay unclaimed.
    if (mailer === null) return 0;
    const due = await dueMornings(database.db, deps.now().getTime());
    if (due.length === 0) return 0;
    await queueMornings(due);
    return due.length;
  };
  const sweepAndSay = async () => {
    const queued = await sweepMornings();
    if (queued > 0) logger.info({ queued }, "reminder emails queued");
  };

  try {
    await boss.createQueue(MORNING_SWEEP, {
      policy: "singleton",
      retryLimit: 0,
      expireInSeconds: SWEEP_EXPIRE_SECONDS,
    });
    await boss.createQueue(MORNING_EMAIL, {
      policy: "short",
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      expireInSeconds: 120,
    });
    await boss.work(MORNING_SWEEP, polling, sweepAndSay);
    if (mailer !== null) {
      const sendMorning = morningEmailSender({
        db: database.db,
        config: deps.config,
        mailer,
        unsubscribeTokens: deps.unsubscribeTokens,
        now: deps.now,
        leaseMs: deps.config.reminderLeaseSeconds * 1000,
        queueAt: queueMorning,
      });
      // Batches, fetched back to back while they come full: pg-boss waits its polling interval
      // after every fetch unless one came back full (burstWhenBatchFull, which needs a batchSize
      // above 1), so 4 workers of one job each sent 2 emails a second, and one morning of 10,000
      // people took 80 minutes (issue 20's bench, BENCHMARKS.md). A batch's emails go out side by
      // side and each job settles on its own (perJobResults): a refused email is retried alone.
      // With its metadata: whether an attempt is the last (retryCount against retryLimit).
      const emailWork = {
        ...polling,
        includeMetadata: true as const,
        perJobResults: true as const,
        batchSize: EMAIL_BATCH_SIZE,
        burstWhenBatchFull: true,
        localConcurrency: 2,
      };
      await boss.work<MorningJob, undefined, typeof emailWork>(MORNING_EMAIL, emailWork, (jobs) =>
        Promise.all(
          jobs.map(async (job) => {
            const final = job.retryCount >= job.retryLimit;
            const about = { user_id: job.data.userId, morning: job.data.morning };
            try {
              const outcome = await sendMorning(job.data, { jobId: job.id, final });
              logger.debug({ ...about, outcome }, "reminder email");
              return { id: job.id, status: "completed" as const };
            } catch (error) {
              logger.warn({ err: error, ...about, final }, "reminder email not sent");
              return { id: job.id, status: "failed" as const, output: error };
            }
          }),
        ),
      );
    }
    if (options.schedule ?? true) {
      await boss.schedule(MORNING_SWEEP, "* * * * *");
      // Not through the sweep's queue, which a sweep killed with its worker may still hold.
      await sweepAndSay().catch((error: unknown) => {
        logger.error({ err: error }, "the sweep at start failed; the next minute's will run");
      });
    }
    files = await startFileReading(
      boss,
      {
        db: database.db,
        binaryRows: database.binaryRows,
        filesKey: deps.filesKey,
        logger,
        now: deps.now,
      },
      {
        pollingIntervalSeconds: polling.pollingIntervalSeconds,
        schedule: options.schedule ?? true,
        readingTimeoutMs: deps.config.files.readingTimeoutSeconds * 1000,
        ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
        ...(options.fileReadLeaseSeconds === undefined
          ? {}
          : { leaseSeconds: options.fileReadLeaseSeconds }),
        ...(options.fileReadRetryDelaySeconds === undefined
          ? {}
          : { retryDelaySeconds: options.fileReadRetryDelaySeconds }),
      },
    );
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    mailer?.close();
    await files?.close();
    throw error;
  }
  const reading = files;

  return {
    sweepMornings,
    queueMorning,
    sweepFiles: () => reading.sweep(),
    async stop() {
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      mailer?.close();
      await reading.close();
    },
  };
}

/**
 * Starts the engine without holding up the caller (the API listens meanwhile) and stops it at
 * shutdown, before the database closes, even when shutdown comes while it is still starting.
 */
export function runJobEngineUntilClose(
  deps: JobEngineDeps & { onClose(fn: () => Promise<void> | void): void },
  options: JobEngineOptions = {},
): Promise<JobEngine | null> {
  const starting = startJobEngine(deps, options).catch((error: unknown) => {
    deps.logger.error({ err: error }, "the job engine could not start; no background jobs run");
    return null;
  });
  deps.onClose(async () => {
    await (await starting)?.stop();
  });
  return starting;
}
