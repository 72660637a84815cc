// spec 4: the session's life: a shared refresh (single flight within the page, a Web Lock across
// tabs), its end (store cleared, the caller told), and the periodic token check.
import type { TokenSet } from "@life-admin/domain";
import { ApiError, UnreadableResponseError } from "./api-error.js";
import { type RefreshLedger, type RefreshRecord, runtimeRefreshLedger } from "./refresh-ledger.js";
import { isTokenExpired } from "./token-expiry.js";
import type { TokenStore } from "./token-store.js";

/** spec 4, 9: how often the web app checks its tokens (55 minutes). */
export const SESSION_CHECK_INTERVAL_MS = 3_300_000;

/** What `checkSession` found and did. */
export type SessionCheck =
  /** Nothing stored: nothing to check. */
  | "no-session"
  /** The access token is still good. */
  | "valid"
  /** The access token had expired; a refresh replaced the tokens. */
  | "refreshed"
  /** The access token had expired, but a refresh was already under way (spec 4: skipped). */
  | "refresh-in-progress"
  /** The refresh token had expired: the session has ended. */
  | "ended";

/** The name of the Web Lock every tab of the app takes around a refresh. */
export const REFRESH_LOCK_NAME = "life-admin-token-refresh";

/** The part of the Web Locks API (`navigator.locks`) the refresh uses. */
export interface RefreshLockManager {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionOptions {
  tokens: TokenStore;
  onSessionEnded?: (() => void) | undefined;
  /** Exchanges a refresh token for a new set: POST /auth/refresh (spec 7). */
  requestRefresh: (refreshToken: string) => Promise<TokenSet>;
  /** Default: the runtime's `navigator.locks` (browsers, Node 24); none (old browsers): no lock. */
  locks?: RefreshLockManager | null | undefined;
  /**
   * Where a refresh is written down for the other tabs (refresh-ledger.ts). Default: the
   * runtime's IndexedDB; none (Node): the token store alone tells.
   */
  ledger?: RefreshLedger | null | undefined;
}

export interface Session {
  /** One refresh at a time: callers during a refresh share it. */
  refresh: () => Promise<TokenSet>;
  /** Clears the stored tokens and calls onSessionEnded. */
  end: () => void;
  check: (now: Date) => Promise<SessionCheck>;
}

/**
 * spec 4, 8: a refused refresh ends the session. A network failure, a server error (5xx), a rate
 * limit (429, issue 17: someone else on the same address may have spent it) or an answer that is
 * not the API's (a Wi-Fi sign-in page's) says nothing about the token, so the session stays for
 * the next attempt.
 */
function refusedByServer(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    !(error instanceof UnreadableResponseError) &&
    error.status < 500 &&
    error.status !== 429
  );
}

/** The runtime's Web Locks, where it has them (browsers; Node 24, one per process). */
function runtimeLocks(): RefreshLockManager | null {
  const navigator = (globalThis as { navigator?: { locks?: RefreshLockManager } }).navigator;
  return navigator?.locks ?? null;
}

/**
 * Runs `task` holding the refresh lock. A runtime that has the API but refuses it (an opaque
 * origin throws SecurityError) runs the task without the lock, as one without the API does.
 */
async function withLock<T>(locks: RefreshLockManager | null, task: () => Promise<T>): Promise<T> {
  if (locks === null) return task();
  // Whether the lock was granted: a failure after that is the task's own.
  const granted = { value: false };
  try {
    return await locks.request(REFRESH_LOCK_NAME, () => {
      granted.value = true;
      return task();
    });
  } catch (error) {
    if (granted.value) throw error;
    return task();
  }
}

function noSession(): ApiError {
  return new ApiError("Failed to refresh token", { status: 401 });
}

export function createSession({
  tokens,
  onSessionEnded,
  requestRefresh,
  locks = runtimeLocks(),
  ledger = runtimeRefreshLedger(),
}: SessionOptions): Session {
  let inFlight: Promise<TokenSet> | null = null;

  function end(): void {
    tokens.clear();
    ledger?.clear().catch(() => undefined);
    onSessionEnded?.();
  }

  /**
   * The API treats a rotated refresh token presented again as theft and ends the whole sign-in
   * (decisions D3), so two tabs must never refresh with the same token. Each refresh holds a
   * lock shared by the page's tabs and, once it has it, reads the store again: a refresh token
   * other than the one this refresh started from means another tab has refreshed (use its set),
   * an empty store that another tab has signed out. The store may not show another tab's
   * refresh yet (refresh-ledger.ts), so the ledger is asked too, and written before the lock is
   * let go.
   */
  async function runRefresh(): Promise<TokenSet> {
    const startedFrom = tokens.get()?.refresh_token;
    if (startedFrom === undefined) {
      end();
      throw noSession();
    }
    return withLock(locks, async () => {
      const current = tokens.get();
      if (current === null) {
        end();
        throw noSession();
      }
      if (current.refresh_token !== startedFrom) return current;
      const last = await readLedger();
      if (last?.from === current.refresh_token) {
        tokens.set(last.tokens);
        return last.tokens;
      }
      let next: TokenSet;
      try {
        next = await requestRefresh(current.refresh_token);
      } catch (error) {
        if (refusedByServer(error)) end();
        throw error;
      }
      await writeLedger({ from: current.refresh_token, tokens: next });
      tokens.set(next);
      return next;
    });
  }

  // Without a working ledger (refused storage, a private mode) the store alone tells, as before.
  async function readLedger(): Promise<RefreshRecord | null> {
    try {
      return (await ledger?.read()) ?? null;
    } catch {
      return null;
    }
  }

  async function writeLedger(record: RefreshRecord): Promise<void> {
    try {
      await ledger?.write(record);
    } catch {
      // The new tokens still go to the store below.
    }
  }

  function refresh(): Promise<TokenSet> {
    inFlight ??= runRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function check(now: Date): Promise<SessionCheck> {
    const current = tokens.get();
    if (current === null) return "no-session";
    if (isTokenExpired(current.refresh_token, now)) {
      end();
      return "ended";
    }
    if (!isTokenExpired(current.access_token, now)) return "valid";
    if (inFlight !== null) return "refresh-in-progress";
    await refresh();
    return "refreshed";
  }

  return { refresh, end, check };
}
