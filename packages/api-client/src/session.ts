// spec 4: the session's life: a shared refresh (single flight), its end (store cleared, the
// caller told), and the periodic token check.
import type { TokenSet } from "@life-admin/domain";
import { ApiError } from "./api-error.js";
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

export interface SessionOptions {
  tokens: TokenStore;
  onSessionEnded?: (() => void) | undefined;
  /** Exchanges a refresh token for a new set: POST /auth/refresh (spec 7). */
  requestRefresh: (refreshToken: string) => Promise<TokenSet>;
}

export interface Session {
  /** One refresh at a time: callers during a refresh share it. */
  refresh: () => Promise<TokenSet>;
  /** Clears the stored tokens and calls onSessionEnded. */
  end: () => void;
  check: (now: Date) => Promise<SessionCheck>;
}

/**
 * spec 4, 8: a refused refresh ends the session. A network failure or a server error (5xx) says
 * nothing about the token, so the session stays for the next attempt.
 */
function refusedByServer(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

export function createSession({ tokens, onSessionEnded, requestRefresh }: SessionOptions): Session {
  let inFlight: Promise<TokenSet> | null = null;

  function end(): void {
    tokens.clear();
    onSessionEnded?.();
  }

  async function runRefresh(): Promise<TokenSet> {
    const refreshToken = tokens.get()?.refresh_token;
    if (refreshToken === undefined) {
      end();
      throw new ApiError("Failed to refresh token", { status: 401 });
    }
    let next: TokenSet;
    try {
      next = await requestRefresh(refreshToken);
    } catch (error) {
      if (refusedByServer(error)) end();
      throw error;
    }
    tokens.set(next);
    return next;
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
