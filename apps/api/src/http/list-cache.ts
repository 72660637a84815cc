// issue 7: a user's list answers (GET /tasks/, GET /subscriptions/), kept as the bytes sent, for as
// long as the user's lists_revision is unchanged. Nothing here is needed by another process and
// nothing is trusted without the database: the revision comes with the user from the sign-in
// check every request makes (auth/tokens/token-service.ts), and a trigger bumps it in the same transaction as
// any write to the user's tasks or subscriptions, from any process (db/schema.ts). So an answer
// is sent only while it is still what the database would say.
//
// Why the answer may be labelled with the revision read before the list was: under READ
// COMMITTED the list query starts later and sees at least that revision's rows, so a label is
// never newer than its bytes. A request that finds its own revision on an entry therefore gets
// rows at least as new as that revision and no newer than now: what it would have read.
//
// Each answer is kept gzipped too, made once per revision: a browser asks for gzip, and a list of
// 10,000 tasks is then 130 kB on the network instead of 2,160 kB, at no cost per request.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import type { AppEnv } from "../app-env.js";

export interface ListCacheOptions {
  /** The most bytes of answers kept, over all users; the least recently used go first. */
  maxBytes: number;
}

/** A list's answer: its JSON, and the same gzipped (null when too small to gain from it). */
export interface ListAnswer {
  json: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
}

export interface ListCache {
  /** The answer kept under `key` for exactly `revision`, or undefined. */
  get(key: string, revision: number): ListAnswer | undefined;
  /**
   * Keeps `answer` under `key` for `revision`, unless a later revision's answer is kept there
   * already (revisions only grow). An answer larger than a tenth of the cache is not kept.
   */
  set(key: string, revision: number, answer: ListAnswer): void;
  /** Drops every answer kept for the user (issue 22: their account was deleted). */
  forgetUser(userId: number): void;
  /** Bytes kept now. */
  readonly bytes: number;
}

interface Entry {
  revision: number;
  answer: ListAnswer;
}

/** 64 MiB: about 3,000 users' lists of 100 tasks, or 30 of 10,000. */
export const LIST_CACHE_BYTES = 64 * 2 ** 20;

export function createListCache({ maxBytes }: ListCacheOptions): ListCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
    sizeCalculation: ({ answer }, key) =>
      answer.json.byteLength + (answer.gzip?.byteLength ?? 0) + key.length,
  });
  return {
    get(key, revision) {
      const entry = entries.get(key);
      return entry?.revision === revision ? entry.answer : undefined;
    },
    set(key, revision, answer) {
      const kept = entries.peek(key);
      if (kept !== undefined && kept.revision > revision) return;
      entries.set(key, { revision, answer });
    },
    forgetUser(userId) {
      // Every key starts with the user's id (answerList, the calendar feed).
      const prefix = `${userId} `;
      for (const key of [...entries.keys()]) {
        if (key.startsWith(prefix)) entries.delete(key);
      }
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

const encoder = new TextEncoder();
const gzipped = promisify(gzip);

/** Below this many bytes of JSON (the empty list, a task or two), gzip saves next to nothing. */
export const GZIP_FROM_BYTES = 1024;

/** The text as kept (JSON, or the calendar feed's): its bytes, and gzipped when that is worth it (off the event loop). */
export async function listAnswer(text: string): Promise<ListAnswer> {
  // Its own buffers, sized to the answer (Buffer.from may share a pooled slab).
  const json = encoder.encode(text);
  const gzip = json.byteLength < GZIP_FROM_BYTES ? null : new Uint8Array(await gzipped(json));
  return { json, gzip };
}

/** Whether the request's Accept-Encoding prefers gzip to the bytes as they are (q-values). */
function wantsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  return negotiator.encoding(["gzip", "identity"]) === "gzip";
}

/** A list kept for someone other than the signed-in user alone (issue 23: a household's). */
export interface ListOwner {
  /** Starts the key: "household 12". */
  key: string;
  /** What the database says the list's revision is now (households.revision). */
  revision: number;
}

/**
 * Answers a list route for the signed-in user: the kept answer for the user's current revision,
 * or `load()`'s JSON text, which is then kept; gzipped when the request accepts it. `list` names
 * the list and any filters in it. A list of a household's is kept for the household's revision
 * instead (`owner`).
 */
export async function answerList(
  c: Context<AppEnv>,
  cache: ListCache,
  list: string,
  load: () => Promise<string>,
  owner?: ListOwner,
): Promise<Response> {
  const { id, listsRevision } = c.get("user");
  const key = `${owner?.key ?? id} ${list}`;
  const revision = owner?.revision ?? listsRevision;
  const answer = cache.get(key, revision) ?? (await loadOnce(cache, key, revision, load));
  return sendAnswer(c, answer, { "Content-Type": "application/json" });
}

/** Each cache's answers being loaded now, by key and revision. */
const loading = new WeakMap<ListCache, Map<string, Promise<ListAnswer>>>();

/**
 * Loads and keeps the answer for `key` at `revision`, once for every request that asks for it
 * while it loads. Issue 23's bench: a household's Family view goes stale for all its members at
 * each shared write, and six members opening it at once each read and gzipped its 12,000 tasks
 * (3.3 MB), p50 1.1-1.5 s against 0.36 s for one.
 */
async function loadOnce(
  cache: ListCache,
  key: string,
  revision: number,
  load: () => Promise<string>,
): Promise<ListAnswer> {
  const pending = loading.get(cache) ?? new Map<string, Promise<ListAnswer>>();
  loading.set(cache, pending);
  const name = `${revision} ${key}`;
  let answer = pending.get(name);
  if (answer === undefined) {
    answer = load().then(listAnswer);
    pending.set(name, answer);
    try {
      cache.set(key, revision, await answer);
    } finally {
      pending.delete(name);
    }
  }
  return answer;
}

/**
 * Sends JSON that is not kept (the bell's, which moves with the clock and the read marks):
 * gzipped, off the event loop, when the request prefers it and it is long enough to gain.
 */
export async function sendJson(c: Context<AppEnv>, text: string): Promise<Response> {
  const json = encoder.encode(text);
  const worth = json.byteLength >= GZIP_FROM_BYTES && wantsGzip(c.req.header("Accept-Encoding"));
  const gzip = worth ? new Uint8Array(await gzipped(json)) : null;
  return sendAnswer(c, { json, gzip }, { "Content-Type": "application/json" });
}

/**
 * Sends a kept answer with `headers`: gzipped when the request prefers it, as it is otherwise
 * (the list routes, the calendar feed).
 */
export function sendAnswer(
  c: Context<AppEnv>,
  answer: ListAnswer,
  headers: Record<string, string>,
): Response {
  // Shared caches must not give one client's encoding to another.
  c.header("Vary", "Accept-Encoding", { append: true });
  if (answer.gzip !== null && wantsGzip(c.req.header("Accept-Encoding"))) {
    return c.body(answer.gzip, 200, { ...headers, "Content-Encoding": "gzip" });
  }
  return c.body(answer.json, 200, headers);
}
