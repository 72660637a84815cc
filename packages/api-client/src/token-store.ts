// Where the session's tokens live (spec 3: access_token, refresh_token, token_type "Bearer").
// The client reads the store on every request and writes it after a refresh.
import type { TokenSet } from "@life-admin/domain";

export interface TokenStore {
  /** The stored token set, or null when there is no session. */
  get(): TokenSet | null;
  set(tokens: TokenSet): void;
  clear(): void;
}

/** A store that lives as long as the process or page: scripts, tests, Node tools. */
export function memoryTokenStore(initial: TokenSet | null = null): TokenStore {
  let current = initial;
  return {
    get: () => current,
    set(tokens) {
      current = tokens;
    },
    clear() {
      current = null;
    },
  };
}
