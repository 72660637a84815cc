// issue 7: a user's list answers (GET /tasks/, GET /subscriptions/), kept as the bytes sent, for as
// long as the user's lists_revision is unchanged. Nothing here is needed by another process and
// nothing is trusted without the database: the revision comes with the user from the sign-in
// check every request makes (auth/tokens.ts), and a trigger bumps it in the same transaction as
// any write to the user's tasks or subscriptions, from any process (db/schema.ts). So an answer
// is sent only while it is still what the database would say.
//
// Why the answer may be labelled with the revision read before the list was: under READ
// COMMITTED the list query starts later and sees at least that revision's rows, so a label is
// never newer than its bytes. A request that finds its own revision on an entry therefore gets
// rows at least as new as that revision and no newer than now: what it would have read.
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import type { AppEnv } from "../deps.js";

export interface ListCacheOptions {
  /** The most bytes of answers kept, over all users; the least recently used go first. */
  maxBytes: number;
}

export interface ListCache {
  /** The answer kept under `key` for exactly `revision`, or undefined. */
  get(key: string, revision: number): Uint8Array<ArrayBuffer> | undefined;
  /**
   * Keeps `body` under `key` for `revision`, unless a later revision's answer is kept there
   * already (revisions only grow). An answer larger than a tenth of the cache is not kept.
   */
  set(key: string, revision: number, body: Uint8Array<ArrayBuffer>): void;
  /** Bytes kept now. */
  readonly bytes: number;
}

interface Entry {
  revision: number;
  body: Uint8Array<ArrayBuffer>;
}

/** 64 MiB: about 3,000 users' lists of 100 tasks, or 30 of 10,000. */
export const LIST_CACHE_BYTES = 64 * 2 ** 20;

export function createListCache({ maxBytes }: ListCacheOptions): ListCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
    sizeCalculation: (entry, key) => entry.body.byteLength + key.length,
  });
  return {
    get(key, revision) {
      const entry = entries.get(key);
      return entry?.revision === revision ? entry.body : undefined;
    },
    set(key, revision, body) {
      const kept = entries.peek(key);
      if (kept !== undefined && kept.revision > revision) return;
      entries.set(key, { revision, body });
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

const encoder = new TextEncoder();

/**
 * Answers a list route for the signed-in user: the kept answer for the user's current revision,
 * or `load()`'s JSON text, which is then kept. `list` names the list and any filters in it.
 */
export async function answerList(
  c: Context<AppEnv>,
  cache: ListCache,
  list: string,
  load: () => Promise<string>,
): Promise<Response> {
  const { id, listsRevision } = c.get("user");
  const key = `${id} ${list}`;
  let body = cache.get(key, listsRevision);
  if (body === undefined) {
    // Its own buffer, sized to the answer (Buffer.from may share a pooled slab).
    body = encoder.encode(await load());
    cache.set(key, listsRevision, body);
  }
  return c.body(body, 200, { "Content-Type": "application/json" });
}
