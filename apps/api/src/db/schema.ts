// Every table of the API. One schema for PGlite and PostgreSQL (decisions D1); migrations are
// generated from this file by `pnpm db:generate` and committed under ../../drizzle.
import {
  FILE_STATUSES,
  FREQUENCIES,
  type FileProposal,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  type StoredFileType,
  TASK_FREQUENCIES,
} from "@life-admin/domain";
import { HOUSEHOLD_ROLES } from "@life-admin/domain/household";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "./bytea.js";
import { timestamptz } from "./timestamptz.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * issue 19: how a calendar app tells an edited event (RFC 5545 SEQUENCE and LAST-MODIFIED): every
 * UPDATE of the row counts one more revision and sets updated_at, by a trigger
 * (drizzle/0006_calendar_feeds.sql), whoever writes.
 */
const revised = () => ({
  revision: integer("revision").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * issue 23, decisions D16: whether the owner shares the record with their household (private
 * until they do), and the member it is assigned to (null: the owner themselves). A member's
 * leaving clears what was assigned to them or by them (drizzle/0012_sharing.sql).
 */
const sharing = () => ({
  shared: boolean("shared").notNull().default(false),
  assigneeId: integer("assignee_id").references((): AnyPgColumn => users.id, {
    onDelete: "set null",
  }),
});

/**
 * The rules of the sharing columns of `table`: only a shared record is assigned to someone else;
 * and the indexes of My View (what is assigned to a person) and of the Family view (what each
 * member shares, in the list's order by `date`).
 */
function sharingRules(
  table: string,
  t: { id: AnyPgColumn; userId: AnyPgColumn; shared: AnyPgColumn; assigneeId: AnyPgColumn },
  date: AnyPgColumn,
) {
  return [
    check(`${table}_assignee_check`, sql`${t.assigneeId} IS NULL OR ${t.shared}`),
    index(`${table}_assignee_idx`)
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} IS NOT NULL`),
    index(`${table}_shared_idx`)
      .on(t.userId, date, t.id)
      .where(sql`${t.shared}`),
  ];
}

/**
 * decisions D9: every how many of its frequency's units a schedule comes back (2 with Weekly:
 * every 2 weeks); 1 unless chosen. Named repeat_interval: INTERVAL is a word of SQL.
 */
const repeatInterval = () => integer("repeat_interval").notNull().default(1);

/** A schedule's interval is a whole number from 1 to REPEAT_INTERVAL_MAX. */
function repeatIntervalRule(table: string, interval: AnyPgColumn) {
  return check(
    `${table}_repeat_interval_check`,
    sql`${interval} BETWEEN 1 AND ${sql.raw(String(REPEAT_INTERVAL_MAX))}`,
  );
}

/** decisions D9: a task that happens once repeats every 1 (domain keptInterval). */
function onceIntervalRule(table: string, frequency: AnyPgColumn, interval: AnyPgColumn) {
  return check(`${table}_once_interval_check`, sql`${frequency} <> 'Once' OR ${interval} = 1`);
}

/** SQL `IN (...)` list of an enum's values, for check constraints. */
function oneOf(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v}'`).join(", "));
}

/** decisions D2: a user is the provider's account, keyed by (issuer, subject). */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    picture: text("picture"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Changes whenever one of the user's tasks or subscriptions is written, in the same
     * transaction: a trigger on both tables (drizzle/0001_lists_revision.sql) bumps it. The
     * sign-in check reads it with the user on every request, so an answer kept for an older
     * revision is never sent (http/list-cache.ts).
     */
    listsRevision: bigint("lists_revision", { mode: "number" }).notNull().default(0),
    /**
     * How many tasks and subscriptions the user has, kept by the same trigger in the same
     * UPDATE (drizzle/0004_rate_limits_and_row_caps.sql), so that a create checks the user's cap with a
     * primary-key lookup instead of counting their rows (issue 17, http/row-caps.ts).
     */
    taskCount: integer("task_count").notNull().default(0),
    subscriptionCount: integer("subscription_count").notNull().default(0),
    /** issue 20: the person's IANA time zone: their "today" and "morning" for reminders. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** decisions D13: the morning reminder email, off until the person turns it on. */
    emailReminders: boolean("email_reminders").notNull().default(false),
    /** The hour (0-23) of the person's morning, on their clock, when the email goes out. */
    reminderHour: integer("reminder_hour").notNull().default(8),
    /**
     * issue 21, decisions D14: the bytes of the user's files, kept by a trigger on files
     * (drizzle/0009_files.sql), so that an upload checks the quota with a primary-key lookup.
     */
    fileBytes: bigint("file_bytes", { mode: "number" }).notNull().default(0),
    /**
     * issue 22: the ISO 4217 currency every amount is shown in; null until the person picks one,
     * and the web app shows the currency of the browser's locale meanwhile.
     */
    currency: text("currency"),
    /**
     * issue 22: whether the person picked their time zone in Settings. Until they do, the web app
     * keeps it to the device's (reminders-sync.ts); after, it never overrides their choice.
     */
    timeZoneChosen: boolean("time_zone_chosen").notNull().default(false),
  },
  (t) => [
    unique("users_issuer_subject_unique").on(t.issuer, t.subject),
    check("users_reminder_hour_check", sql`${t.reminderHour} BETWEEN 0 AND 23`),
    check("users_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    notes: text("notes"),
    // Read field by field: Drizzle's own timestamp misreads years 0-99 (./timestamptz.ts).
    // The current occurrence: anchor_at plus `occurrence` intervals (decisions D9).
    dueDate: timestamptz("due_date").notNull(),
    frequency: text("frequency", { enum: TASK_FREQUENCIES }).notNull(),
    /** decisions D9: every how many of the frequency's units (1 for a task that happens once). */
    interval: repeatInterval(),
    /**
     * decisions D9: the last date the series' occurrences may fall on (null: no end; always null
     * for "Once"). A recurring task is completed exactly when its due date is past it: the
     * series has ended there.
     */
    repeatUntil: date("repeat_until", { mode: "string" }),
    priority: text("priority", { enum: PRIORITIES }).notNull(),
    category: text("category"),
    completed: boolean("completed").notNull().default(false),
    createdAt: createdAt(),
    /**
     * decisions D9: the due date the person last set, from which every occurrence is counted
     * (never from the previous one), and the number of the current one (0: the anchor itself).
     * A completion moves `occurrence` on; an edit of the due date, frequency or interval starts
     * again.
     */
    anchorAt: timestamptz("anchor_at").notNull(),
    occurrence: integer("occurrence").notNull().default(0),
    ...revised(),
    /**
     * issue 21: the file it was made from, one of the same user's: a foreign key on (file_id,
     * user_id) written by hand (drizzle/0009_files.sql; Drizzle cannot say ON DELETE SET NULL
     * (file_id)). Deleting the file leaves the task and clears this.
     */
    fileId: integer("file_id"),
    /**
     * issue 22: the record's identity across accounts and servers: an export carries it and an
     * import keeps it, so that importing the same ZIP twice adds nothing the second time.
     */
    uid: uuid("uid").notNull().defaultRandom(),
    ...sharing(),
  },
  (t) => [
    unique("tasks_user_uid_unique").on(t.userId, t.uid),
    // GET /tasks/: one user's tasks by due date.
    index("tasks_user_due_idx").on(t.userId, t.dueDate, t.id),
    // A file's deletion clears it here (ON DELETE SET NULL) without reading every task.
    index("tasks_file_idx").on(t.fileId),
    check("tasks_frequency_check", sql`${t.frequency} IN (${oneOf(TASK_FREQUENCIES)})`),
    repeatIntervalRule("tasks", t.interval),
    onceIntervalRule("tasks", t.frequency, t.interval),
    check("tasks_once_until_check", sql`${t.frequency} <> 'Once' OR ${t.repeatUntil} IS NULL`),
    // A pending task's due date is on or before the end of its series (domain pastRepeatEnd).
    check(
      "tasks_pending_until_check",
      sql`${t.completed} OR ${t.repeatUntil} IS NULL
        OR (${t.dueDate} AT TIME ZONE 'UTC')::date <= ${t.repeatUntil}`,
    ),
    check("tasks_priority_check", sql`${t.priority} IN (${oneOf(PRIORITIES)})`),
    check("tasks_title_check", sql`length(${t.title}) > 0`),
    ...sharingRules("tasks", t, t.dueDate),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Exact money; read back as a JS number (two decimals fit a double exactly enough to print).
    cost: numeric("cost", { precision: 12, scale: 2, mode: "number" }).notNull(),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull(),
    interval: repeatInterval(),
    nextRenewalDate: date("next_renewal_date", { mode: "string" }).notNull(),
    remindDaysBefore: integer("remind_days_before").notNull(),
    priority: text("priority", { enum: PRIORITIES }).notNull(),
    cancelLink: text("cancel_link"),
    createdAt: createdAt(),
    /** decisions D10: the spec's toggle; a paused subscription keeps its date and leaves the totals. */
    active: boolean("active").notNull().default(true),
    /**
     * decisions D10: the renewal date the person entered, from which an active subscription's
     * next renewal is rolled forward (http/renewals.ts); next_renewal_date is that roll, stored
     * so that lists sort and filter by it in the database.
     */
    renewalAnchor: date("renewal_anchor", { mode: "string" }).notNull(),
    /**
     * decisions D10: the day next_renewal_date was worked out on (db/renewals.ts): a renewal day
     * (domain renewalDay) ahead of a reader's today may have passed a renewal that is today for
     * them, which the bell then reads (db/notifications.ts). A row written without one (those from
     * before it, an import's) takes the latest date anywhere on Earth (UTC+14): never earlier than
     * the day it was worked out on, whoever did it.
     */
    rolledOn: date("rolled_on", { mode: "string" })
      .notNull()
      .default(sql`((now() at time zone 'UTC') + interval '14 hours')::date`),
    ...revised(),
    /** issue 21: the file it was made from, as tasks.file_id: deleting the file leaves this. */
    fileId: integer("file_id"),
    /**
     * issue 22: the record's identity across accounts and servers: an export carries it and an
     * import keeps it, so that importing the same ZIP twice adds nothing the second time.
     */
    uid: uuid("uid").notNull().defaultRandom(),
    ...sharing(),
  },
  (t) => [
    unique("subscriptions_user_uid_unique").on(t.userId, t.uid),
    index("subscriptions_file_idx").on(t.fileId),
    // GET /subscriptions/ by renewal date, unfiltered or filtered by frequency or priority.
    index("subscriptions_user_renewal_idx").on(t.userId, t.nextRenewalDate, t.id),
    index("subscriptions_user_frequency_idx").on(t.userId, t.frequency, t.nextRenewalDate),
    index("subscriptions_user_priority_idx").on(t.userId, t.priority, t.nextRenewalDate),
    check("subscriptions_frequency_check", sql`${t.frequency} IN (${oneOf(FREQUENCIES)})`),
    repeatIntervalRule("subscriptions", t.interval),
    check("subscriptions_priority_check", sql`${t.priority} IN (${oneOf(PRIORITIES)})`),
    check("subscriptions_cost_check", sql`${t.cost} >= 0`),
    check("subscriptions_remind_days_check", sql`${t.remindDaysBefore} >= 0`),
    check("subscriptions_name_check", sql`length(${t.name}) > 0`),
    ...sharingRules("subscriptions", t, t.nextRenewalDate),
  ],
);

/**
 * decisions D9: every completion of a task, kept as history: the occurrence it closed (its due
 * date and number) and when. POST /tasks/{task_id}/uncomplete deletes the latest one and puts the
 * task back as it was; a deleted task takes its completions with it. The schedule the occurrence
 * belonged to (anchor, frequency and interval) tells whether an edit has started another since.
 */
export const taskCompletions = pgTable(
  "task_completions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    dueDate: timestamptz("due_date").notNull(),
    occurrence: integer("occurrence").notNull(),
    anchorAt: timestamptz("anchor_at").notNull(),
    frequency: text("frequency", { enum: TASK_FREQUENCIES }).notNull(),
    interval: repeatInterval(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
    /**
     * decisions D9: the occurrence was skipped (passed over, not done): the task moved on as a
     * completion moves it, and an undo puts it back the same way. Only a recurring task skips.
     */
    skipped: boolean("skipped").notNull().default(false),
  },
  // The latest completion of a task, and a task's history.
  (t) => [
    index("task_completions_task_idx").on(t.taskId, t.id),
    repeatIntervalRule("task_completions", t.interval),
    onceIntervalRule("task_completions", t.frequency, t.interval),
    check("task_completions_once_skip_check", sql`${t.frequency} <> 'Once' OR NOT ${t.skipped}`),
  ],
);

/** decisions D3: one sign-in is one family of refresh tokens; revoking it ends them all. */
export const signIns = pgTable(
  "sign_ins",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** decisions D3: the sign-in's absolute end, set once at sign-in; rotation never moves it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * issue 22: what Settings shows of each signed-in device: a coarse description of the
     * browser that signed in ("Chrome on Linux", never the whole User-Agent), and when the
     * sign-in last refreshed its tokens.
     */
    device: text("device"),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    index("sign_ins_user_idx").on(t.userId),
    // issue 17: ended sign-ins are pruned by their end (src/auth/tokens/prune.ts).
    index("sign_ins_expires_idx").on(t.expiresAt),
  ],
);

/** decisions D3: refresh tokens are kept only as a SHA-256 hash, never the token itself. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    jti: uuid("jti").primaryKey(),
    signInId: uuid("sign_in_id")
      .notNull()
      .references(() => signIns.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    /**
     * The token that replaced this one when it was rotated: within the grace window a repeat of
     * this token is answered with that same successor instead of counting as reuse.
     */
    successorJti: uuid("successor_jti"),
    createdAt: createdAt(),
  },
  (t) => [
    index("refresh_tokens_sign_in_idx").on(t.signInId),
    index("refresh_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * decisions D2: one sign-in attempt, from the login to the web app's code exchange, bound to the
 * browser that started it. First the OpenID Connect secrets (state, nonce, PKCE verifier), usable
 * once before they expire; after the provider's callback, the user it signed in and a one-time
 * code for the web app, exchanged once, by the browser whose challenge the login was sent with.
 * Keyed by a hash of `state`; the state and the code are stored only as hashes, so the table never
 * holds a value the browser carries.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    stateHash: text("state_hash").primaryKey(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** The hash (base64url SHA-256) of the browser's own secret, sent with the login. */
    browserChallenge: text("browser_challenge").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Set by a successful callback: who signed in, and the hash of the code handed to the web app. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").unique("login_attempts_code_hash_unique"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    exchangedAt: timestamp("exchanged_at", { withTimezone: true }),
  },
  (t) => [index("login_attempts_expires_idx").on(t.expiresAt)],
);

/**
 * Issue 17: the counters of the limits that hold across API processes (http/rate-limits.ts): one
 * row per limit and subject (a client address or an account), counting the hits of a window that
 * began at its first hit and ends at `window_ends_at`. Rows whose window has ended are pruned a
 * few at a time, by the hits that start new windows.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    limitName: text("limit_name").notNull(),
    subject: text("subject").notNull(),
    hits: integer("hits").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.limitName, t.subject] }),
    index("rate_limit_counters_window_ends_idx").on(t.windowEndsAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskCompletionRow = typeof taskCompletions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SignInRow = typeof signIns.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;

/**
 * decisions D11, issue 19: a person's private calendar feed. Its URL's token is never stored: it
 * is HMAC(the API's feed key, `secret`) (calendar/feed-tokens.ts), so the URL can be shown again
 * while the database alone cannot make it; the feed is found by the token's SHA-256. Rotating
 * draws a new secret, and the old URL finds nothing at once.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** 32 random bytes, base64url. */
  secret: text("secret").notNull(),
  /** SHA-256 of the URL's token, hex. */
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  /** When a calendar app (or anyone with the URL) last fetched the feed. */
  lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  /** When the person said they had added it to their calendar ("Done" in the dialog). */
  connectedAt: timestamp("connected_at", { withTimezone: true }),
});

/**
 * issue 20: the reminders a person has read, one row per reminder occurrence (its key, from the
 * domain's dueReminders: "renewal:7:2026-12-14"). The reminders themselves are never stored: the
 * bell works them out from the records at each request.
 */
export const notificationReads = pgTable(
  "notification_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * decisions D12, D13: the ledger of the morning reminder emails. One row per person, morning (their
 * date) and channel, inserted (ON CONFLICT DO NOTHING) in the same transaction as the decision to
 * send, so two workers, a restart or a retry never send one morning twice. A row unsent whose lease
 * has run out (its worker died between claim and send) is taken up again (jobs/reminder-emails.ts).
 */
export const reminderMornings = pgTable(
  "reminder_mornings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    morning: date("morning", { mode: "string" }).notNull(),
    channel: text("channel", { enum: ["email"] }).notNull(),
    /** Until then the job that claimed it (lease_job) alone may send it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseJob: text("lease_job"),
    attempts: integer("attempts").notNull().default(0),
    /** The same for every attempt: a duplicate would be recognizable as one. */
    messageId: text("message_id").notNull(),
    /** Set when the email was accepted by the SMTP server, or when there was nothing new to send. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set after the last try failed; `last_error` says why (GET /users/me shows it). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.morning, t.channel] })],
);

/**
 * Which reminder occurrences (domain/due-reminders.ts keys) went out in which morning's email:
 * each occurrence once per channel, so a renewal reminded of 7 days ahead is emailed on the first
 * morning of its window and not again on the next six.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    channel: text("channel", { enum: ["email"] }).notNull(),
    morning: date("morning", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key, t.channel] }),
    index("reminder_deliveries_morning_idx").on(t.userId, t.channel, t.morning),
  ],
);

/**
 * issue 21, decisions D14: a file the person uploaded. Its bytes are in file_contents (encrypted),
 * so that reading or listing the files never carries them. A new file is "reading" until the
 * job engine has read it (jobs/read-file.ts): the job claims it for a lease (`lease_until`,
 * `lease_job`), renewed while it reads, and settles it once, "read" with the proposal or
 * "unreadable" with the reason; a claim whose worker died runs out, and the file is read again.
 */
export const files = pgTable(
  "files",
  {
    // By default, not always: an upload draws its id first, to bind it into the encryption.
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The MIME type found in the bytes (files/document-types.ts). */
    contentType: text("content_type").$type<StoredFileType>().notNull(),
    /** The plaintext's size in bytes. */
    size: integer("size").notNull(),
    createdAt: timestamptz("created_at")
      .notNull()
      .default(sql`now()`),
    status: text("status", { enum: FILE_STATUSES }).notNull().default("reading"),
    /** What reading proposed (domain FileProposal), kept as the JSON text written. */
    proposal: json("proposal").$type<FileProposal>(),
    /** Why it could not be read, for the person. */
    error: text("error"),
    readAttempts: integer("read_attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseJob: text("lease_job"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * issue 22: the record's identity across accounts and servers: an export carries it and an
     * import keeps it, so that importing the same ZIP twice adds nothing the second time.
     */
    uid: uuid("uid").notNull().defaultRandom(),
  },
  (t) => [
    unique("files_user_uid_unique").on(t.userId, t.uid),
    // GET /files/: one user's files, newest first.
    index("files_user_created_idx").on(t.userId, t.createdAt, t.id),
    // The sweep: files still being read (few, at any time).
    index("files_reading_idx")
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'reading'`),
    // What the tasks' and subscriptions' foreign keys point at: a file and its owner.
    unique("files_id_user_unique").on(t.id, t.userId),
    check("files_status_check", sql`${t.status} IN (${oneOf(FILE_STATUSES)})`),
    check("files_size_check", sql`${t.size} > 0`),
  ],
);

/**
 * A file's bytes, encrypted with AES-256-GCM under FILES_KEY (files/file-encryption.ts): a fresh
 * 12-byte IV per file, the 16-byte tag, and the user's and file's ids bound in as associated data,
 * so that bytes moved to another row (or another person's) no longer decrypt.
 */
export const fileContents = pgTable("file_contents", {
  fileId: integer("file_id")
    .primaryKey()
    .references(() => files.id, { onDelete: "cascade" }),
  iv: bytea("iv").notNull(),
  authTag: bytea("auth_tag").notNull(),
  ciphertext: bytea("ciphertext").notNull(),
  /**
   * The plaintext's SHA-256, sealed as the bytes are (files/file-encryption.ts: IV, tag and
   * ciphertext together). Null for a file stored before December 2026, whose export hashes it.
   */
  sealedSha256: bytea("sealed_sha256"),
});

export type FileRow = typeof files.$inferSelect;

/**
 * Issue 23, decisions D16: a household that shares life admin. Who is in it, and who owns it, is
 * household_members; a household without members is deleted with its last member's leaving (a
 * trigger, drizzle/0011_households.sql).
 */
export const households = pgTable("households", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  /**
   * The Family view's lists_revision: bumped, in the same transaction, by every write to a shared
   * record of a member and by every member's joining or leaving (drizzle/0012_sharing.sql), so
   * that a family list kept for a revision is sent only while it is still what the database says.
   */
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
});

/**
 * A person's place in a household: one household at most (user_id is unique). One member is its
 * owner; when the owner's row goes (they leave, or delete their account), the member who joined
 * first after them becomes the owner (the same trigger).
 */
export const householdMembers = pgTable(
  "household_members",
  {
    householdId: integer("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .unique("household_members_user_unique")
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: HOUSEHOLD_ROLES }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.userId] }),
    check("household_members_role_check", sql`${t.role} IN (${oneOf(HOUSEHOLD_ROLES)})`),
    // At most one owner per household.
    uniqueIndex("household_members_one_owner")
      .on(t.householdId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * An invitation link: single use, for 7 days. Only the SHA-256 of its token is kept, so a copy of
 * the database cannot join anyone to a household; the token is shown once, to the one who made it.
 */
export const householdInvitations = pgTable(
  "household_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    householdId: integer("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the link was used to join; it works once. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("household_invitations_household_idx").on(t.householdId)],
);
