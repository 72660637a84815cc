// issue 21, decisions D12, D14: reading an uploaded file, as a job on the job engine, off the API's
// event loop: the file's bytes decrypted, turned into text by the extractor's worker threads, and
// the text into a proposal by the domain's rules. The job claims the file in the ledger
// (db/file-reads.ts) and settles it once: "read" with the proposal, or "unreadable" with a reason
// the person can read; never a 500, never a dead worker. A file whose claim ran out (its worker
// died) is queued again by the sweep, and read again; one that stopped its reader three times is
// given up on, so that a file which kills the process cannot do so forever.
import { type KeyObject } from "node:crypto";
import { FileProposalSchema, calendarDateIn } from "@life-admin/domain";
import { proposeFromText } from "@life-admin/domain/reading";
import type { Queue } from "pg-boss";
import type { Db } from "../db/database.js";
import {
  type ReadOutcome,
  claimFile,
  renewClaim,
  settleFile,
  storedContent,
} from "../db/file-reads.js";
import { FileDecryptionError, decryptFile } from "../files/file-encryption.js";
import { documentTypeOf } from "../files/document-types.js";
import type { Logger } from "../logger.js";
import { type TextExtractor, UnreadableDocumentError } from "../reading/extract-text.js";

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

export interface FileReaderDeps {
  db: Db;
  filesKey: KeyObject;
  extractor: TextExtractor;
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
    const content = await storedContent(db, fileId);
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
      const { text } = await deps.extractor.extract(bytes, type.kind);
      const today = calendarDateIn(deps.now(), claimed.timeZone);
      const proposal = FileProposalSchema.parse(
        proposeFromText(text, { today, fileName: claimed.name }),
      );
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
