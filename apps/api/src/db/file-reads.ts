// issue 21, decisions D12, D14: the ledger of reading files, which is the files table itself. A
// job claims a file for a lease (the database's clock, the same for every process), renews it
// while it reads, and settles it once, only while the claim is still its own: so however many
// jobs a retry, a sweep or a restart queue for one file, it is read to one outcome, written once.
// A claim whose worker died runs out, and the next job reads the file again.
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { FileProposal } from "@life-admin/domain";
import type { Db } from "./database.js";
import { files, users } from "./schema.js";

export interface ClaimedFile {
  userId: number;
  name: string;
  contentType: string;
  /** How many times the file has been claimed, this claim included. */
  attempts: number;
  /** The owner's time zone: their "today" for the proposal's dates. */
  timeZone: string;
  /**
   * The owner's name (the uploader's, in a household: a file is its uploader's), which the rules
   * never take for the sender; read with the claim, so a file read again after a crash is read
   * with it as well.
   */
  personName: string | null;
}

export type ReadOutcome =
  { status: "read"; proposal: FileProposal } | { status: "unreadable"; error: string };

export interface FileToRead {
  fileId: number;
  /** What it was stored as: which lane it is read in (jobs/file-reading.ts). */
  contentType: string;
  /** Null: now. A date: a live claim holds the file until then (its worker may have died). */
  notBefore: Date | null;
}

const lease = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Claims the file for job `jobId` for `leaseSeconds`: the file, or null when it is no longer
 * being read, is gone, or another job's claim on it is still live. The same job (a retry of it)
 * may claim it again.
 */
export async function claimFile(
  db: Db,
  fileId: number,
  jobId: string,
  leaseSeconds: number,
): Promise<ClaimedFile | null> {
  const [claimed] = await db
    .update(files)
    .set({
      leaseUntil: lease(leaseSeconds),
      leaseJob: jobId,
      readAttempts: sql`${files.readAttempts} + 1`,
    })
    .from(users)
    .where(
      and(
        eq(files.id, fileId),
        eq(users.id, files.userId),
        eq(files.status, "reading"),
        or(isNull(files.leaseUntil), lte(files.leaseUntil, sql`now()`), eq(files.leaseJob, jobId)),
      ),
    )
    .returning({
      userId: files.userId,
      name: files.name,
      contentType: files.contentType,
      attempts: files.readAttempts,
      timeZone: users.timeZone,
      personName: users.fullName,
    });
  return claimed ?? null;
}

/** Keeps the claim for `leaseSeconds` more: false when it is no longer this job's. */
export async function renewClaim(
  db: Db,
  fileId: number,
  jobId: string,
  leaseSeconds: number,
): Promise<boolean> {
  const renewed = await db
    .update(files)
    .set({ leaseUntil: lease(leaseSeconds) })
    .where(and(eq(files.id, fileId), eq(files.status, "reading"), eq(files.leaseJob, jobId)))
    .returning({ id: files.id });
  return renewed.length > 0;
}

/** Writes the outcome, once: false when the claim was no longer this job's (nothing written). */
export async function settleFile(
  db: Db,
  fileId: number,
  jobId: string,
  outcome: ReadOutcome,
): Promise<boolean> {
  const settled = await db
    .update(files)
    .set({
      status: outcome.status,
      // The JSON text as written: the API answers it as it is (json, not jsonb).
      proposal: outcome.status === "read" ? outcome.proposal : null,
      error: outcome.status === "unreadable" ? outcome.error : null,
      leaseUntil: null,
      readAt: sql`now()`,
    })
    .where(and(eq(files.id, fileId), eq(files.status, "reading"), eq(files.leaseJob, jobId)))
    .returning({ id: files.id });
  return settled.length > 0;
}

/** Every file still being read, and from when a job may take it up. */
export async function filesToRead(db: Db): Promise<FileToRead[]> {
  const rows = await db
    .select({
      fileId: files.id,
      contentType: files.contentType,
      notBefore: sql<
        Date | string | null
      >`case when ${files.leaseUntil} > now() then ${files.leaseUntil} end`,
    })
    .from(files)
    .where(eq(files.status, "reading"));
  return rows.map(({ fileId, contentType, notBefore }) => ({
    fileId,
    contentType,
    notBefore: notBefore === null ? null : new Date(notBefore),
  }));
}
