// issue 22: an account import's writes, all in one transaction. The archive's records get new ids
// and keep their uids; a record whose uid the person already has is left as it is (and counted as
// skipped), so importing the same archive twice adds nothing the second time. Links between
// records go by uid: a task made from a file points at that file's new id, or at the person's own
// file of that uid when they had it already. The person's row is locked first, so that their caps
// and quota are judged against exactly what they keep (the triggers of drizzle/0001, 0004 and
// 0009 keep task_count, subscription_count, file_bytes and lists_revision with every row written).
import { completedAfterEdit, instantOf, keptInterval } from "@life-admin/domain";
import type {
  AccountArchive,
  ArchiveFile,
  ArchiveSubscription,
  ArchiveTask,
} from "@life-admin/domain/archive";
import { eq } from "drizzle-orm";
import { sizeText } from "../config.js";
import { ApiError } from "../errors/api-error.js";
import type { SealedFile } from "../files/file-encryption.js";
import type { Db } from "./database.js";
import {
  type FileRow,
  fileContents,
  files,
  subscriptions,
  taskCompletions,
  tasks,
  users,
} from "./schema.js";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_INSERT = 500;

export interface ImportLimits {
  /** MAX_TASKS_PER_USER, MAX_SUBSCRIPTIONS_PER_USER. */
  rowCaps: { tasks: number; subscriptions: number };
  /** MAX_FILE_BYTES_PER_USER. */
  quotaBytes: number;
}

export interface ImportReport {
  added: { tasks: number; subscriptions: number; files: number; completions: number };
  skipped: { tasks: number; subscriptions: number; files: number };
}

/** What an import adds: the archive's records whose uid the person does not have yet. */
export interface ImportPlan {
  tasks: ArchiveTask[];
  subscriptions: ArchiveSubscription[];
  files: ArchiveFile[];
  /** The ids of the person's own files that the archive names, by uid. */
  keptFiles: Map<string, number>;
}

/** A file added that the export was still reading: it is read here. */
type UnreadFile = Pick<FileRow, "id" | "contentType">;

/** Encrypts a file's bytes for the id it was just given (bound into the ciphertext). */
export type EncryptFor = (file: ArchiveFile, fileId: number) => Promise<SealedFile>;

interface Kept {
  taskCount: number;
  subscriptionCount: number;
  fileBytes: number;
}

async function uidsOf(db: Db, table: typeof tasks | typeof subscriptions, userId: number) {
  const rows = await db.select({ uid: table.uid }).from(table).where(eq(table.userId, userId));
  return new Set(rows.map((row) => row.uid));
}

async function planAgainst(db: Db, userId: number, archive: AccountArchive): Promise<ImportPlan> {
  const [taskUids, subscriptionUids, fileRows] = [
    await uidsOf(db, tasks, userId),
    await uidsOf(db, subscriptions, userId),
    await db.select({ id: files.id, uid: files.uid }).from(files).where(eq(files.userId, userId)),
  ];
  const fileIds = new Map(fileRows.map((row) => [row.uid, row.id]));
  const keptFiles = new Map<string, number>();
  for (const file of archive.files) {
    const id = fileIds.get(file.uid);
    if (id !== undefined) keptFiles.set(file.uid, id);
  }
  return {
    tasks: archive.tasks.filter((task) => !taskUids.has(task.uid)),
    subscriptions: archive.subscriptions.filter((row) => !subscriptionUids.has(row.uid)),
    files: archive.files.filter((file) => !keptFiles.has(file.uid)),
    keptFiles,
  };
}

/** The 409 or 413 of an import that would take the person past a cap or their quota. */
function checkRoom(plan: ImportPlan, kept: Kept, limits: ImportLimits): void {
  const rows = [
    ["tasks", plan.tasks.length, kept.taskCount, limits.rowCaps.tasks],
    [
      "subscriptions",
      plan.subscriptions.length,
      kept.subscriptionCount,
      limits.rowCaps.subscriptions,
    ],
  ] as const;
  for (const [name, adding, keeping, cap] of rows) {
    if (keeping + adding > cap) {
      const n = (count: number) => count.toLocaleString("en-US");
      throw new ApiError(
        409,
        `This import would take you past the limit of ${n(cap)} ${name}: you have ${n(keeping)} ` +
          `and it adds ${n(adding)}. Delete some to import it. Nothing was imported.`,
      );
    }
  }
  const bytes = plan.files.reduce((sum, file) => sum + file.size, 0);
  if (kept.fileBytes + bytes > limits.quotaBytes) {
    throw new ApiError(
      413,
      `This import's files (${sizeText(bytes)}) would take your files past your limit of ` +
        `${sizeText(limits.quotaBytes)} (you keep ${sizeText(kept.fileBytes)}). Delete some files ` +
        "to import it. Nothing was imported.",
    );
  }
}

/**
 * decisions D9: a "Once" task is completed as the archive says, a recurring one only when its
 * series has ended (its due date past its repeat_until). Completed within its series, it is what
 * older builds' edit of a done "Once" task left, taken in as that edit now leaves it: pending
 * (the domain's completedAfterEdit). check-schedules.ts refused a pending one past its end before
 * any row was written.
 */
const keptCompleted = (task: ArchiveTask): boolean =>
  completedAfterEdit(task, {
    frequency: task.frequency,
    dueMs: instantOf(task.due_date),
    until: task.repeat_until,
  });

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

export interface AccountImporter {
  /**
   * What importing `archive` would add for the person as they are now, or the 409 or 413 that
   * refuses it: judged again under lock when it is written.
   */
  plan(userId: number, archive: AccountArchive): Promise<ImportPlan>;
  /**
   * Writes the archive's new records and the person's settings in one transaction: the report,
   * and the ids of the files added still to be read (their status "reading").
   */
  write(
    userId: number,
    archive: AccountArchive,
    encrypt: EncryptFor,
  ): Promise<{ report: ImportReport; unread: UnreadFile[] }>;
}

export function accountImporterOf(db: Db, limits: ImportLimits): AccountImporter {
  return {
    async plan(userId, archive) {
      const plan = await planAgainst(db, userId, archive);
      const [kept] = await db
        .select({
          taskCount: users.taskCount,
          subscriptionCount: users.subscriptionCount,
          fileBytes: users.fileBytes,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (kept === undefined) throw new ApiError(401, "User not found");
      checkRoom(plan, kept, limits);
      return plan;
    },

    write(userId, archive, encrypt) {
      return db.transaction(async (tx) => {
        // Locked until the commit: the person's creates, uploads and another import wait, then
        // see what this one wrote (the row caps and the quota lock the same row).
        const [kept] = await tx
          .select()
          .from(users)
          .where(eq(users.id, userId))
          .for("no key update");
        if (kept === undefined) throw new ApiError(401, "User not found");
        const plan = await planAgainst(tx, userId, archive);
        checkRoom(plan, kept, limits);

        const added = { tasks: 0, subscriptions: 0, files: 0, completions: 0 };
        const fileIds = new Map(plan.keptFiles);
        const unread: UnreadFile[] = [];
        for (const file of plan.files) {
          const [row] = await tx
            .insert(files)
            .values({
              userId,
              uid: file.uid,
              name: file.name,
              contentType: file.content_type,
              size: file.size,
              createdAt: new Date(file.created_at),
              status: file.status,
              proposal: file.proposal,
              error: file.error,
            })
            .onConflictDoNothing({ target: [files.userId, files.uid] })
            .returning({ id: files.id });
          if (row === undefined) continue;
          added.files += 1;
          await tx
            .insert(fileContents)
            .values({ fileId: row.id, ...(await encrypt(file, row.id)) });
          fileIds.set(file.uid, row.id);
          if (file.status === "reading")
            unread.push({ id: row.id, contentType: file.content_type });
        }
        const fileIdOf = (uid: string | null) => (uid === null ? null : (fileIds.get(uid) ?? null));

        const taskIds = new Map<string, number>();
        await inChunks(plan.tasks, async (chunk) => {
          const rows = await tx
            .insert(tasks)
            .values(
              chunk.map((task) => ({
                userId,
                uid: task.uid,
                title: task.title,
                notes: task.notes,
                category: task.category,
                dueDate: new Date(task.due_date),
                anchorAt: new Date(task.anchor_at),
                occurrence: task.occurrence,
                frequency: task.frequency,
                interval: keptInterval(task.frequency, task.interval),
                // Never a "Once" one's: check-schedules.ts refused that before any row was written.
                repeatUntil: task.repeat_until,
                priority: task.priority,
                completed: keptCompleted(task),
                createdAt: new Date(task.created_at),
                fileId: fileIdOf(task.file_uid),
              })),
            )
            .onConflictDoNothing({ target: [tasks.userId, tasks.uid] })
            .returning({ id: tasks.id, uid: tasks.uid });
          for (const row of rows) taskIds.set(row.uid, row.id);
        });
        added.tasks = taskIds.size;

        const completions = plan.tasks.flatMap((task) => {
          const taskId = taskIds.get(task.uid);
          if (taskId === undefined) return [];
          return task.completions.map((completion) => ({
            taskId,
            dueDate: new Date(completion.due_date),
            occurrence: completion.occurrence,
            anchorAt: new Date(completion.anchor_at),
            frequency: completion.frequency,
            interval: keptInterval(completion.frequency, completion.interval),
            completedAt: new Date(completion.completed_at),
            // Never a "Once" one's: check-schedules.ts refused that before any row was written.
            skipped: completion.skipped,
          }));
        });
        await inChunks(completions, (chunk) => tx.insert(taskCompletions).values(chunk));
        added.completions = completions.length;

        await inChunks(plan.subscriptions, async (chunk) => {
          const rows = await tx
            .insert(subscriptions)
            .values(
              chunk.map((row) => ({
                userId,
                uid: row.uid,
                name: row.name,
                cost: row.cost,
                frequency: row.frequency,
                interval: row.interval,
                renewalAnchor: row.renewal_anchor,
                nextRenewalDate: row.next_renewal_date,
                remindDaysBefore: row.remind_days_before,
                priority: row.priority,
                cancelLink: row.cancel_link,
                active: row.active,
                createdAt: new Date(row.created_at),
                fileId: fileIdOf(row.file_uid),
              })),
            )
            .onConflictDoNothing({ target: [subscriptions.userId, subscriptions.uid] })
            .returning({ id: subscriptions.id });
          added.subscriptions += rows.length;
        });

        // The archive's settings only where this account has not chosen: its own time zone and
        // currency are kept (an archive in another currency must not relabel the amounts the
        // account holds). The morning email is never switched on (decisions D13: it is opt-in,
        // and an archive, perhaps another person's, cannot opt this address in); its hour is
        // the account's while its email is on, the archive's while it is off (a restore).
        const { user } = archive;
        await tx
          .update(users)
          .set({
            ...(kept.timeZoneChosen ? {} : { timeZone: user.time_zone }),
            timeZoneChosen: kept.timeZoneChosen || user.time_zone_chosen,
            ...(kept.emailReminders ? {} : { reminderHour: user.reminder_hour }),
            currency: kept.currency ?? user.currency,
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));

        const report: ImportReport = {
          added,
          skipped: {
            tasks: archive.tasks.length - added.tasks,
            subscriptions: archive.subscriptions.length - added.subscriptions,
            files: archive.files.length - added.files,
          },
        };
        return { report, unread };
      });
    },
  };
}
