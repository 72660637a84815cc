// issue 22: the person's rows as the account archive's records (domain AccountArchiveSchema): named
// by their uid, never by the server's ids, with a task's or subscription's file named by the file's
// uid. data.json and the CSVs are both written from these records, so they cannot disagree.
import { type IsoDate } from "@life-admin/domain";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveFile,
  type ArchiveSubscription,
  type ArchiveTask,
  type ArchiveUser,
  archiveFilePath,
} from "@life-admin/domain/archive";
import { isoInstant } from "../db/json-fields.js";
import { shownRenewal } from "../db/renewals.js";
import type {
  FileRow,
  SubscriptionRow,
  TaskCompletionRow,
  TaskRow,
  UserRow,
} from "../db/schema.js";

/** The uid of each exported file, by its id: how a task's file_id becomes its file_uid. */
export type FileUids = ReadonlyMap<number, string>;

/** What data.json opens with, before its records. */
export function archiveHeader(exportedAt: Date, user: UserRow) {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: isoInstant(exportedAt),
    user: archiveUser(user),
  };
}

function archiveUser(user: UserRow): ArchiveUser {
  return {
    email: user.email,
    full_name: user.fullName,
    time_zone: user.timeZone,
    time_zone_chosen: user.timeZoneChosen,
    email_reminders: user.emailReminders,
    reminder_hour: user.reminderHour,
    currency: user.currency,
  };
}

/** A file that is not in the archive (deleted, or uploaded, while it was being written) is none. */
function fileUidOf(fileId: number | null, fileUids: FileUids): string | null {
  return fileId === null ? null : (fileUids.get(fileId) ?? null);
}

/** `completions`: the task's own, oldest first. */
export function archiveTask(
  row: TaskRow,
  completions: readonly TaskCompletionRow[],
  fileUids: FileUids,
): ArchiveTask {
  return {
    uid: row.uid,
    title: row.title,
    notes: row.notes,
    category: row.category,
    due_date: isoInstant(row.dueDate),
    anchor_at: isoInstant(row.anchorAt),
    occurrence: row.occurrence,
    frequency: row.frequency,
    interval: row.interval,
    repeat_until: row.repeatUntil,
    priority: row.priority,
    completed: row.completed,
    created_at: isoInstant(row.createdAt),
    file_uid: fileUidOf(row.fileId, fileUids),
    completions: completions.map((completion) => ({
      due_date: isoInstant(completion.dueDate),
      occurrence: completion.occurrence,
      anchor_at: isoInstant(completion.anchorAt),
      frequency: completion.frequency,
      interval: completion.interval,
      completed_at: isoInstant(completion.completedAt),
      skipped: completion.skipped,
    })),
  };
}

/** decisions D10: the next renewal as every read answers it on `today`. */
export function archiveSubscription(
  row: SubscriptionRow,
  today: IsoDate,
  fileUids: FileUids,
): ArchiveSubscription {
  return {
    uid: row.uid,
    name: row.name,
    cost: row.cost,
    frequency: row.frequency,
    interval: row.interval,
    renewal_anchor: row.renewalAnchor,
    next_renewal_date: shownRenewal(row, today),
    remind_days_before: row.remindDaysBefore,
    priority: row.priority,
    cancel_link: row.cancelLink,
    active: row.active,
    created_at: isoInstant(row.createdAt),
    file_uid: fileUidOf(row.fileId, fileUids),
  };
}

/** `sha256`: of the bytes written into the archive, as they were written. */
export function archiveFile(row: FileRow, sha256: string): ArchiveFile {
  const named = { uid: row.uid, name: row.name };
  return {
    ...named,
    content_type: row.contentType,
    size: row.size,
    sha256,
    path: archiveFilePath(named),
    created_at: isoInstant(row.createdAt),
    status: row.status,
    proposal: row.proposal ?? null,
    error: row.error,
  };
}
