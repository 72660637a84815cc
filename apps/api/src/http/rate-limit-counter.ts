// The counting behind the limits that hold across API processes (issue 17): one row per limit
// and subject in the database (rate_limit_counters), so every process that shares it counts the
// same hits. A window begins at its subject's first hit and lasts `windowMs`; each hit is one
// statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), which the row's lock makes exact
// however many processes count at once.
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { rateLimitCounters } from "../db/schema.js";

/** How many rows whose window has ended one new window clears (issue 17: a few at a time). */
export const PRUNE_BATCH = 10;

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (and the count starts again from nothing). */
  windowEndsAt: Date;
}

export interface RateLimitCounter {
  /** Counts one hit of `subject` against `limitName` at `now`. */
  hit(limitName: string, subject: string, windowMs: number, now: Date): Promise<WindowCount>;
}

export function rateLimitCounter(db: Db): RateLimitCounter {
  const t = rateLimitCounters;
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  // The window has ended: this hit is the first of a new one.
  const ended = sql`${t.windowEndsAt} <= ${now}`;
  // Prepared once: they run on every sign-in start, code exchange and refresh.
  const hit = db
    .insert(t)
    .values({
      limitName: sql.placeholder("limitName"),
      subject: sql.placeholder("subject"),
      hits: 1,
      windowEndsAt: sql`${sql.placeholder("windowEndsAt")}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: [t.limitName, t.subject],
      set: {
        hits: sql`case when ${ended} then 1 else ${t.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${t.windowEndsAt} end`,
      },
    })
    .returning({ hits: t.hits, windowEndsAt: t.windowEndsAt })
    .prepare("rate_limit_hit");
  // SKIP LOCKED: two processes pruning at once take different rows instead of waiting.
  const prune = db
    .delete(t)
    .where(
      sql`(${t.limitName}, ${t.subject}) in (
        select ${t.limitName}, ${t.subject} from ${t}
        where ${t.windowEndsAt} <= ${now}
        order by ${t.windowEndsAt}
        limit ${sql.raw(String(PRUNE_BATCH))}
        for update skip locked)`,
    )
    .prepare("rate_limit_prune");

  return {
    async hit(limitName, subject, windowMs, at) {
      const [row] = await hit.execute({
        limitName,
        subject,
        now: at.toISOString(),
        windowEndsAt: new Date(at.getTime() + windowMs).toISOString(),
      });
      if (row === undefined) throw new Error("rate limit counter returned no row");
      // A new window has a new (or renewed) row: clear as many ended ones, so the table holds
      // about one row per subject seen in the last window, without a scheduler.
      if (row.hits === 1) await prune.execute({ now: at.toISOString() });
      return row;
    },
  };
}
