// issue 21, decisions D12, D14: reading an uploaded file, as a job on the job engine, off the API's
// event loop: the file's bytes decrypted, then turned into text, and the text into a proposal by
// the domain's rules, both in the extractor's worker threads. The job claims the file in the ledger
// (db/file-reads.ts) and settles it once: "read" with the proposal, or "unreadable" with a reason
// the person can read; never a 500, never a dead worker. A file whose claim ran out (its worker
// died) is queued again by the sweep, and read again; one that stopped its reader three times is
// given up on, so that a file which kills the process cannot do so forever.
import { type KeyObject } from "node:crypto";
import { FileProposalSchema, calendarDateIn } from "@life-admin/domain";
import type { PgBoss, Queue } from "pg-boss";
import type { BinaryRows, Db } from "../db/database.js";
import { encryptedBytesReader } from "../db/files.js";
import {
  type ReadOutcome,
  claimFile,
  filesToRead,
  renewClaim,
  settleFile,
} from "../db/file-reads.js";
import { FileDecryptionError, decryptFile } from "../files/file-encryption.js";
import { documentTypeOf } from "../files/document-types.js";
import type { Logger } from "../logger.js";
import { type ReadingLane, readingLaneOf } from "../reading/document-text.js";
import {
  type DocumentReader,
  UnreadableDocumentError,
  createTextExtractor,
} from "../reading/extract-text.js";

/** The queue of files to read: one job per file queued at a time (its id is the key). */
export const READ_FILE = "read-file";
/** Every minute, and as a worker starts: files still "reading" whose claim has run out. */
export const READ_FILE_SWEEP = "read-file-sweep";

export interface ReadFileJob {
  fileId: number;
}

/**
 * How long a claim keeps other jobs off a file. Renewed every third of it while the file is read
 * (the extractor may take a minute), so a file whose worker died is read again this long after.
 */
export const FILE_READ_LEASE_SECONDS = 60;
/** Claims of one file, after which it is unreadable: its reading stopped the reader each time. */
export const MAX_READ_ATTEMPTS = 3;

/**
 * The priority of each lane's jobs (reading/document-text.ts), by which a worker of each lane
 * fetches only its own: a PDF or a Word document is never queued behind photos waiting for OCR.
 * A job of an older release (priority 0) goes to the photos' worker, and its file is still read
 * in its own lane's thread.
 */
const LANE_PRIORITY: Record<ReadingLane, number> = { photos: 0, documents: 1 };
const LANE_JOBS: Record<ReadingLane, { minPriority?: number; maxPriority?: number }> = {
  photos: { maxPriority: LANE_PRIORITY.photos },
  documents: { minPriority: LANE_PRIORITY.documents },
};

/** The priority of the job that reads a file stored as `contentType`: its lane's. */
export function readPriority(contentType: string): number {
  const type = documentTypeOf(contentType);
  // None is stored as another type (an upload is typed by its bytes); were one, its job would end
  // at once (fileReader skips it), so it need not wait behind photos.
  return LANE_PRIORITY[type === null ? "documents" : readingLaneOf(type.kind)];
}

/** The read-file queue as both the job engine and a sender create it. */
export const READ_FILE_QUEUE: Omit<Queue, "name"> = {
  policy: "short",
  // A job created wakes the workers at once, in whichever process they run (LISTEN/NOTIFY).
  notify: true,
  // An unexpected failure (the database away) is tried twice more; the last one settles the file.
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

const STOPPED_TOO_OFTEN =
  "Reading this file stopped before it finished several times, so it was given up on.";
const NOT_DECRYPTABLE = "The stored file could not be decrypted, so it cannot be read.";
const FAILED = "Something went wrong while reading this file.";
/** Read to the end, but not a letter or a digit in it: a blank page, a photo of no document. */
export const NO_TEXT =
  "No text could be found in it. If it is a photo, take it again in focus and in good light.";

export interface FileReaderDeps {
  db: Db;
  binaryRows: BinaryRows;
  filesKey: KeyObject;
  extractor: DocumentReader;
  logger: Logger;
  /** The clock: "today" for the proposal's dates, on the owner's calendar. */
  now: () => Date;
  leaseSeconds?: number;
}

export interface ReadAttempt {
  /** The job engine's id of the job: the same across its retries. */
  jobId: string;
  /** No retry follows this attempt. */
  final: boolean;
}

/** What became of a job: the file settled, or nothing to do (read already, gone, held), or lost. */
export type ReadFileResult = "read" | "unreadable" | "skipped" | "lost";

export function fileReader(deps: FileReaderDeps) {
  const { db, logger } = deps;
  const encryptedBytesOf = encryptedBytesReader(deps);
  const leaseSeconds = deps.leaseSeconds ?? FILE_READ_LEASE_SECONDS;

  return async function readFile(job: ReadFileJob, attempt: ReadAttempt): Promise<ReadFileResult> {
    const { fileId } = job;
    const { jobId } = attempt;
    const claimed = await claimFile(db, fileId, jobId, leaseSeconds);
    if (claimed === null) return "skipped";
    // Settled only while the claim is still ours: otherwise another job has the file now.
    const settle = async (outcome: ReadOutcome): Promise<ReadFileResult> =>
      (await settleFile(db, fileId, jobId, outcome)) ? outcome.status : "lost";
    const unreadable = (error: string) => settle({ status: "unreadable", error });

    if (claimed.attempts > MAX_READ_ATTEMPTS) {
      logger.warn({ file_id: fileId, attempts: claimed.attempts }, "file given up on");
      return await unreadable(STOPPED_TOO_OFTEN);
    }
    const content = await encryptedBytesOf(fileId);
    const type = documentTypeOf(claimed.contentType);
    if (content === null || type === null) return "skipped";
    let bytes: Buffer;
    try {
      bytes = decryptFile(deps.filesKey, content, { userId: claimed.userId, fileId });
    } catch (error) {
      if (!(error instanceof FileDecryptionError)) throw error;
      // Another FILES_KEY than the file was stored under, or bytes altered in the database.
      logger.error({ err: error, file_id: fileId }, "a stored file does not decrypt");
      return await unreadable(NOT_DECRYPTABLE);
    }

    const renewal = setInterval(
      () => {
        renewClaim(db, fileId, jobId, leaseSeconds).catch((error: unknown) => {
          logger.warn({ err: error, file_id: fileId }, "file claim not renewed");
        });
      },
      (leaseSeconds * 1000) / 3,
    );
    renewal.unref();
    try {
      const today = calendarDateIn(deps.now(), claimed.timeZone);
      const reading = await deps.extractor.read(bytes, type.kind, {
        today,
        fileName: claimed.name,
        personName: claimed.personName,
      });
      // Nothing to propose from: every field would be a guess.
      if (!/[\p{L}\p{N}]/u.test(reading.text.text)) return await unreadable(NO_TEXT);
      const proposal = FileProposalSchema.parse(reading.proposal);
      return await settle({ status: "read", proposal });
    } catch (error) {
      if (error instanceof UnreadableDocumentError) return await unreadable(error.message);
      logger.warn({ err: error, file_id: fileId, final: attempt.final }, "file not read");
      // Retried by the job engine (the claim stays this job's); the last try settles the file.
      if (attempt.final) return await unreadable(FAILED);
      throw error;
    } finally {
      clearInterval(renewal);
    }
  };
}

export interface FileReadingOptions {
  /** How often an idle worker asks for jobs when no notification wakes it. */
  pollingIntervalSeconds: number;
  /** Sweep now and then every minute on pg-boss's schedule (tests sweep by hand). */
  schedule: boolean;
  /** Default: the worker threads of reading/extract-text.ts. Tests give one of their own. */
  extractor?: DocumentReader;
  /** How long one file may hold one of those threads (READING_TIMEOUT_SECONDS). Default 60 s. */
  readingTimeoutMs?: number;
  leaseSeconds?: number;
  /** Before a failed reading is tried again, in seconds (doubling). Default 5; tests shorten it. */
  retryDelaySeconds?: number;
}

export interface FileReading {
  /**
   * Queues every file still "reading": now, or when the live claim on it ends (its worker may
   * have died); how many it queued.
   */
  sweep(): Promise<number>;
  /** Ends the extractor's threads (after pg-boss has stopped handing out jobs). */
  close(): Promise<void>;
}

/**
 * Jobs the worker fetches at once (one file decrypted and proposed while the other is read); while
 * batches come back full, the next fetch follows at once. With one job a fetch, pg-boss waited its
 * polling interval after each unless a new job's notification woke it, so a backlog was read at
 * one file a poll per worker, whatever the reader's speed (suite 15: 360 files queued took
 * minutes).
 */
const READ_BATCH = 2;
/** A sweep takes well under a second: one killed with its worker holds its queue this long. */
const SWEEP_EXPIRE_SECONDS = 60;

/** The read-file queue's workers on `boss`, and its sweep (job-engine.ts starts it). */
export async function startFileReading(
  boss: PgBoss,
  deps: Omit<FileReaderDeps, "extractor" | "leaseSeconds">,
  options: FileReadingOptions,
): Promise<FileReading> {
  const { db, logger } = deps;
  const extractor =
    options.extractor ??
    createTextExtractor(
      options.readingTimeoutMs === undefined ? {} : { timeoutMs: options.readingTimeoutMs },
    );
  const readFile = fileReader({
    ...deps,
    extractor,
    ...(options.leaseSeconds === undefined ? {} : { leaseSeconds: options.leaseSeconds }),
  });
  const sweep = async () => {
    const due = await filesToRead(db);
    if (due.length === 0) return 0;
    // One job queued per file at a time (the queue's policy); the claim makes sure of one reading.
    await boss.insert(
      READ_FILE,
      due.map(({ fileId, contentType, notBefore }) => ({
        data: { fileId } satisfies ReadFileJob,
        singletonKey: String(fileId),
        priority: readPriority(contentType),
        ...(notBefore === null ? {} : { startAfter: notBefore }),
      })),
    );
    return due.length;
  };
  const sweepAndSay = async () => {
    const queued = await sweep();
    if (queued > 0) logger.info({ queued }, "files queued for reading");
  };

  const { policy, ...settings } = {
    ...READ_FILE_QUEUE,
    ...(options.retryDelaySeconds === undefined ? {} : { retryDelay: options.retryDelaySeconds }),
  };
  await boss.createQueue(READ_FILE, { policy, ...settings });
  // A queue made before (by a sender, or an older release) takes this release's settings.
  await boss.updateQueue(READ_FILE, settings);
  await boss.createQueue(READ_FILE_SWEEP, {
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: SWEEP_EXPIRE_SECONDS,
  });
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds };
  const readWork = {
    ...polling,
    // A notification wakes the workers for a job ready now; a job for later (a retry, or a file
    // whose claim has yet to run out) is found by the poll, as often as without notifications.
    notifyPollingIntervalSeconds: options.pollingIntervalSeconds,
    includeMetadata: true as const,
    batchSize: READ_BATCH,
    burstWhenBatchFull: true,
    // Each file settles on its own: one that failed unexpectedly is retried alone.
    perJobResults: true as const,
  };
  // A worker for each lane, fetching only that lane's jobs (LANE_PRIORITY).
  for (const laneJobs of Object.values(LANE_JOBS)) {
    const work = { ...readWork, ...laneJobs };
    await boss.work<ReadFileJob, undefined, typeof work>(READ_FILE, work, (batch) =>
      Promise.all(
        batch.map(async (job) => {
          const final = job.retryCount >= job.retryLimit;
          try {
            const result = await readFile(job.data, { jobId: job.id, final });
            logger.debug({ file_id: job.data.fileId, result }, "file reading");
            return { id: job.id, status: "completed" as const };
          } catch (error) {
            return { id: job.id, status: "failed" as const, output: error };
          }
        }),
      ),
    );
  }
  await boss.work(READ_FILE_SWEEP, polling, sweepAndSay);
  if (options.schedule) {
    await boss.schedule(READ_FILE_SWEEP, "* * * * *");
    // At once, not at the next minute: a file left "reading" by a crash is read again now.
    await sweepAndSay().catch((error: unknown) => {
      logger.error({ err: error }, "the files' sweep at start failed; the next minute's will run");
    });
  }
  return { sweep, close: () => extractor.close() };
}
