// decisions D11, issue 19: each person's one calendar feed, made on first use, found by its
// token's hash (calendar/feed-tokens.ts), rotated on request.
import { eq, sql } from "drizzle-orm";
import type { FeedTokens } from "../calendar/feed-tokens.js";
import type { Db } from "./database.js";
import { calendarFeeds, users } from "./schema.js";

export type FeedRow = typeof calendarFeeds.$inferSelect;

/** How often a fetch of the feed is written down (last_fetched_at): not on every poll. */
const FETCH_NOTED_EVERY_MS = 60 * 60 * 1000;

/** The feed a token opens: its person and their lists' revision (the feed's version). */
export interface OpenedFeed {
  userId: number;
  listsRevision: number;
  /** The person's ISO 4217 currency, null until they pick one (issue 22). */
  currency: string | null;
  /** The person's IANA time zone: their tasks' times are its wall clock (decisions D6). */
  timeZone: string;
}

export interface CalendarFeeds {
  /** The person's feed, made now if they had none. */
  of(userId: number): Promise<FeedRow>;
  /** A new secret URL for the person's feed; the old one finds nothing from now on. */
  rotate(userId: number): Promise<FeedRow>;
  /** Notes that the person has added the feed to a calendar (or takes it back). */
  setConnected(userId: number, connected: boolean, now: Date): Promise<FeedRow>;
  /** The feed of a token's hash, or null; notes the fetch (at most once an hour). */
  open(tokenHash: string, now: Date): Promise<OpenedFeed | null>;
}

export function calendarFeedsOf(db: Db, tokens: FeedTokens): CalendarFeeds {
  const fresh = (userId: number) => {
    const secret = tokens.newSecret();
    const tokenHash = tokens.hashOf(tokens.tokenOf(secret));
    if (tokenHash === null) throw new Error("a new feed token is not a token");
    return { userId, secret, tokenHash };
  };
  const opened = db
    .select({
      userId: calendarFeeds.userId,
      listsRevision: users.listsRevision,
      currency: users.currency,
      timeZone: users.timeZone,
      lastFetchedAt: calendarFeeds.lastFetchedAt,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, sql.placeholder("tokenHash")))
    .prepare("open_calendar_feed");

  return {
    async of(userId) {
      const [row] = await db
        .insert(calendarFeeds)
        .values(fresh(userId))
        // The feed the person has stays as it is: an update that changes nothing returns it.
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { userId: sql`${calendarFeeds.userId}` },
        })
        .returning();
      if (row === undefined) throw new Error("no calendar feed row");
      return row;
    },

    async rotate(userId) {
      const next = fresh(userId);
      const [row] = await db
        .insert(calendarFeeds)
        .values(next)
        // A new address is a new subscription to make: offered again after the next save.
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: {
            secret: next.secret,
            tokenHash: next.tokenHash,
            lastFetchedAt: null,
            connectedAt: null,
          },
        })
        .returning();
      if (row === undefined) throw new Error("no calendar feed row");
      return row;
    },

    async setConnected(userId, connected, now) {
      await this.of(userId);
      const [row] = await db
        .update(calendarFeeds)
        .set({
          connectedAt: connected
            ? sql`coalesce(${calendarFeeds.connectedAt}, ${now.toISOString()}::timestamptz)`
            : null,
        })
        .where(eq(calendarFeeds.userId, userId))
        .returning();
      if (row === undefined) throw new Error("no calendar feed row");
      return row;
    },

    async open(tokenHash, now) {
      const [feed] = await opened.execute({ tokenHash });
      if (feed === undefined) return null;
      // Written down once an hour at most: a calendar app's poll is one read, no write.
      const last = feed.lastFetchedAt?.getTime();
      if (last === undefined || now.getTime() - last >= FETCH_NOTED_EVERY_MS) {
        await db
          .update(calendarFeeds)
          .set({ lastFetchedAt: now })
          .where(eq(calendarFeeds.userId, feed.userId));
      }
      return {
        userId: feed.userId,
        listsRevision: feed.listsRevision,
        currency: feed.currency,
        timeZone: feed.timeZone,
      };
    },
  };
}
