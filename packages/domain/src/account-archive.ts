// issue 22: the account archive, `data.json` in the ZIP of GET /users/me/export and what
// POST /users/me/import takes back. Everything of the person's own, with a format version: their
// settings, tasks (with the date their series ends on, each completion, and each skip as a
// completion skipped: decisions D9), subscriptions and files (their bytes are the ZIP's `files/`
// entries, named by `path`). Records are named by `uid`, never by the server's ids: an import
// gives them new ids and keeps the uids, so importing the same archive twice adds nothing the
// second time, and export, import, export gives back the same archive. An archive of an older
// version is read as this one, with what its version left unsaid (asCurrentArchive); a field its
// own version has is never guessed.
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
 * Version 2 added the schedules' `interval`, version 3 each completion's `skipped` (decisions D9:
 * a skip is kept with the completions), version 4 each task's `repeat_until` (decisions D9: a
 * series may end on a date); an older archive is read as `asCurrentArchive` takes it.
 */
export const ARCHIVE_VERSIONS_READ = [1, 2, 3, 4] as const;
/** The version this code writes: the last it reads (account-archive.test.ts holds them so). */
export const ARCHIVE_VERSION = 4;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each object of `rows` (a list) with `unsaid`'s fields where it has none, and `more` of it. */
function withUnsaid(
  rows: unknown,
  unsaid: object,
  more: (row: Record<string, unknown>) => object = () => ({}),
): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: unknown) => (isObject(row) ? { ...unsaid, ...row, ...more(row) } : row));
}

/** What an older version's records left unsaid: the fields, with the value their absence meant. */
interface Unsaid {
  /** On each task and subscription. */
  schedule: object;
  /** On each task, besides its schedule's. */
  task: object;
  /** On each task's completion. */
  completion: object;
}

/** Before version 4 no series ended: every task repeated with no end (or happened once). */
const NO_END = { repeat_until: null };

/**
 * Before version 2 every schedule repeated every 1; before version 3 no occurrence could be
 * skipped; before version 4 no series ended. Null for the current version, and for what no
 * version is (the schema refuses it).
 */
function unsaidIn(version: unknown): Unsaid | null {
  switch (version) {
    case 1:
      return {
        schedule: { interval: 1 },
        task: NO_END,
        completion: { interval: 1, skipped: false },
      };
    case 2:
      return { schedule: {}, task: NO_END, completion: { skipped: false } };
    case 3:
      return { schedule: {}, task: NO_END, completion: {} };
    default:
      return null;
  }
}

/**
 * data.json as this version reads it: an older archive's tasks, their completions and its
 * subscriptions with what their version left unsaid (unsaidIn); any other is as it is, for the
 * schema to judge. A field its own version has (an interval in version 2, `skipped` in version 3,
 * `repeat_until` in version 4) is refused when missing, never guessed.
 */
export function asCurrentArchive(value: unknown): unknown {
  if (!isObject(value)) return value;
  const unsaid = unsaidIn(value.version);
  if (unsaid === null) return value;
  return {
    ...value,
    tasks: withUnsaid(value.tasks, { ...unsaid.schedule, ...unsaid.task }, (task) => ({
      completions: withUnsaid(task.completions, unsaid.completion),
    })),
    subscriptions: withUnsaid(value.subscriptions, unsaid.schedule),
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
  /**
   * decisions D9: the occurrence was passed over, not done. Only a recurring schedule's is: the
   * database refuses a skipped "Once" one (task_completions_once_skip_check), and so does the
   * import.
   */
  skipped: z.boolean(),
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
  /**
   * decisions D9: the last date its series' occurrences may fall on, or null (no end; always for
   * "Once"). A task not completed is due on or before it; a recurring one completed past it is a
   * series that ended there. The database refuses the rest, and so does the import.
   */
  repeat_until: z.nullable(IsoDateSchema),
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
export type ArchiveCompletion = ArchiveTask["completions"][number];
export type ArchiveSubscription = AccountArchive["subscriptions"][number];
export type ArchiveFile = AccountArchive["files"][number];

/** The ZIP entry of a file's bytes: `files/<uid>/<name>`, the name as it was uploaded. */
export function archiveFilePath(file: Pick<ArchiveFile, "uid" | "name">): string {
  return `files/${file.uid}/${file.name}`;
}
