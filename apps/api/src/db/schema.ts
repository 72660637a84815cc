// Every table of the API. One schema for PGlite and PostgreSQL (decisions D1); migrations are
// generated from this file by `pnpm db:generate` and committed under ../../drizzle.
import { FREQUENCIES, PRIORITIES } from "@life-admin/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamptz } from "./timestamptz.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
  },
  (t) => [unique("users_issuer_subject_unique").on(t.issuer, t.subject)],
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
    dueDate: timestamptz("due_date").notNull(),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull(),
    priority: text("priority", { enum: PRIORITIES }).notNull(),
    category: text("category"),
    completed: boolean("completed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /tasks/: one user's tasks by due date.
    index("tasks_user_due_idx").on(t.userId, t.dueDate, t.id),
    check("tasks_frequency_check", sql`${t.frequency} IN (${oneOf(FREQUENCIES)})`),
    check("tasks_priority_check", sql`${t.priority} IN (${oneOf(PRIORITIES)})`),
    check("tasks_title_check", sql`length(${t.title}) > 0`),
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
    nextRenewalDate: date("next_renewal_date", { mode: "string" }).notNull(),
    remindDaysBefore: integer("remind_days_before").notNull(),
    priority: text("priority", { enum: PRIORITIES }).notNull(),
    cancelLink: text("cancel_link"),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /subscriptions/ by renewal date, unfiltered or filtered by frequency or priority.
    index("subscriptions_user_renewal_idx").on(t.userId, t.nextRenewalDate, t.id),
    index("subscriptions_user_frequency_idx").on(t.userId, t.frequency, t.nextRenewalDate),
    index("subscriptions_user_priority_idx").on(t.userId, t.priority, t.nextRenewalDate),
    check("subscriptions_frequency_check", sql`${t.frequency} IN (${oneOf(FREQUENCIES)})`),
    check("subscriptions_priority_check", sql`${t.priority} IN (${oneOf(PRIORITIES)})`),
    check("subscriptions_cost_check", sql`${t.cost} >= 0`),
    check("subscriptions_remind_days_check", sql`${t.remindDaysBefore} >= 0`),
    check("subscriptions_name_check", sql`length(${t.name}) > 0`),
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
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sign_ins_user_idx").on(t.userId)],
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
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_sign_in_idx").on(t.signInId)],
);

/**
 * decisions D2: one OpenID Connect sign-in attempt in flight (state, nonce, PKCE verifier),
 * usable once before it expires. Keyed by a hash of `state`, so the table never holds the value
 * the browser carries.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    stateHash: text("state_hash").primaryKey(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("login_attempts_expires_idx").on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SignInRow = typeof signIns.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
