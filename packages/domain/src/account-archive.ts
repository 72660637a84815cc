// issue 22: the account archive, `data.json` in the ZIP of GET /users/me/export and what
// POST /users/me/import takes back. Everything of the person's own, with a format version: their
// settings, tasks (with each completion), subscriptions and files (their bytes are the ZIP's
// `files/` entries, named by `path`). Records are named by `uid`, never by the server's ids: an
// import gives them new ids and keeps the uids, so importing the same archive twice adds nothing
// the second time, and export, import, export gives back the same archive.
import * as z from "zod/mini";
import { CancelLinkSchema } from "./cancel-link.js";
import { FrequencySchema, PrioritySchema } from "./enums.js";
import { IsoDateSchema, IsoDateTimeSchema } from "./iso-dates.js";
import { FileProposalSchema } from "./reading/proposal.js";
import { RepeatIntervalSchema, TaskFrequencySchema } from "./recurrence.js";
import { FILE_STATUSES, StoredFileTypeSchema } from "./stored-file.js";
import { CostSchema, RemindDaysSchema } from "./subscription.js";
import { TaskCategorySchema, TaskNotesSchema } from "./task.js";
import { requiredVisibleText } from "./visible-text.js";
import { UserCurrencySchema } from "./money.js";
import { SUBSCRIPTION_NAME_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "./limits.js";

/** What `format` says in every archive: an archive of something else is refused by name. */
export const ARCHIVE_FORMAT = "life-admin-account";
/**
 * The versions this code reads, oldest first; a later one is refused ("made by a newer version").
 * Version 2 added the schedules' `interval`; a version 1 archive is read as `asCurrentArchive`
 * takes it, each schedule every 1.
 */
export const ARCHIVE_VERSIONS_READ = [1, 2] as const;
/** The version this code writes: the last it reads (account-archive.test.ts holds them so). */
export const ARCHIVE_VERSION = 2;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each object of `rows` (when it is a list) with an interval of 1 unless it says one. */
function everyOne(
  rows: unknown,
  more: (row: Record<string, unknown>) => object = () => ({}),
): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: unknown) => (isObject(row) ? { interval: 1, ...row, ...more(row) } : row));
}

/**
 * data.json as this version reads it: a version 1 archive's schedules had no interval, and each
 * repeats every 1 (its tasks, their completions and its subscriptions); any other is as it is, for
 * the schema to judge. A version 2 archive without an interval is refused, never guessed.
 */
export function asCurrentArchive(value: unknown): unknown {
  if (!isObject(value) || value.version !== 1) return value;
  return {
    ...value,
    tasks: everyOne(value.tasks, (task) => ({ completions: everyOne(task.completions) })),
    subscriptions: everyOne(value.subscriptions),
  };
}

/** The ZIP's entries besides `files/`. */
export const ARCHIVE_ENTRIES = {
  data: "data.json",
  tasks: "tasks.csv",
  subscriptions: "subscriptions.csv",
  calendar: "calendar.ics",
} as const;

/** A record's identity across accounts and servers (a UUID, lower case). */
export const RecordUidSchema = /* @__PURE__ */ z.string().check(
  z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: "Use a lower-case UUID",
  }),
);

// Each .check() call and schema-making function below is marked pure too: bundlers keep an
// unmarked call inside a pure one, and with it zod's checks, in the web app's first download.
const ArchiveUserSchema = /* @__PURE__ */ z.object({
  email: z.string(),
  full_name: z.nullable(z.string()),
  time_zone: z.string(),
  time_zone_chosen: z.boolean(),
  email_reminders: z.boolean(),
  reminder_hour: /* @__PURE__ */ z.number().check(z.int(), z.minimum(0), z.maximum(23)),
  currency: z.nullable(UserCurrencySchema),
});

/** decisions D9: one closed occurrence of a task, as task_completions keeps it. */
const ArchiveCompletionSchema = /* @__PURE__ */ z.object({
  due_date: IsoDateTimeSchema,
  occurrence: /* @__PURE__ */ z.number().check(z.int(), z.minimum(0)),
  anchor_at: IsoDateTimeSchema,
  frequency: TaskFrequencySchema,
  interval: RepeatIntervalSchema,
  completed_at: IsoDateTimeSchema,
});

const ArchiveTaskSchema = /* @__PURE__ */ z.object({
  uid: RecordUidSchema,
  title: /* @__PURE__ */ requiredVisibleText("Task title", TASK_TITLE_MAX_LENGTH),
  notes: z.nullable(TaskNotesSchema),
  category: z.nullable(TaskCategorySchema),
  /** The current occurrence: `anchor_at` plus `occurrence` intervals (decisions D9). */
  due_date: IsoDateTimeSchema,
  anchor_at: IsoDateTimeSchema,
  occurrence: /* @__PURE__ */ z.number().check(z.int(), z.minimum(0)),
  frequency: TaskFrequencySchema,
  interval: RepeatIntervalSchema,
  priority: PrioritySchema,
  completed: z.boolean(),
  created_at: IsoDateTimeSchema,
  /** The file it was made from, by its uid in `files`, or null. */
  file_uid: z.nullable(RecordUidSchema),
  /** Oldest first. */
  completions: z.array(ArchiveCompletionSchema),
});

const ArchiveSubscriptionSchema = /* @__PURE__ */ z.object({
  uid: RecordUidSchema,
  name: /* @__PURE__ */ requiredVisibleText("Subscription name", SUBSCRIPTION_NAME_MAX_LENGTH),
  cost: CostSchema,
  frequency: FrequencySchema,
  interval: RepeatIntervalSchema,
  /** decisions D10: the date the person entered, and the renewal rolled forward from it. */
  renewal_anchor: IsoDateSchema,
  next_renewal_date: IsoDateSchema,
  remind_days_before: RemindDaysSchema,
  priority: PrioritySchema,
  cancel_link: z.nullable(CancelLinkSchema),
  active: z.boolean(),
  created_at: IsoDateTimeSchema,
  file_uid: z.nullable(RecordUidSchema),
});

const ArchiveFileSchema = /* @__PURE__ */ z.object({
  uid: RecordUidSchema,
  name: z.string(),
  content_type: StoredFileTypeSchema,
  size: /* @__PURE__ */ z.number().check(z.int(), z.minimum(1)),
  /** The bytes' SHA-256, lower-case hex: an import refuses an entry that does not match. */
  sha256: /* @__PURE__ */ z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  /** The ZIP entry with the original bytes: `files/<uid>/<name>`. */
  path: z.string(),
  created_at: IsoDateTimeSchema,
  status: z.enum(FILE_STATUSES),
  proposal: z.nullable(FileProposalSchema),
  error: z.nullable(z.string()),
});

export const AccountArchiveSchema = /* @__PURE__ */ z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSIONS_READ),
  exported_at: IsoDateTimeSchema,
  user: ArchiveUserSchema,
  tasks: z.array(ArchiveTaskSchema),
  subscriptions: z.array(ArchiveSubscriptionSchema),
  files: z.array(ArchiveFileSchema),
});
export type AccountArchive = z.infer<typeof AccountArchiveSchema>;
export type ArchiveUser = AccountArchive["user"];
export type ArchiveTask = AccountArchive["tasks"][number];
export type ArchiveSubscription = AccountArchive["subscriptions"][number];
export type ArchiveFile = AccountArchive["files"][number];

/** The ZIP entry of a file's bytes: `files/<uid>/<name>`, the name as it was uploaded. */
export function archiveFilePath(file: Pick<ArchiveFile, "uid" | "name">): string {
  return `files/${file.uid}/${file.name}`;
}
