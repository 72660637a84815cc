// spec 3: the browser keeps the session in localStorage under `tokenData` (stored-session.ts), as
// JSON with access_token, refresh_token and token_type. The app's client keeps its tokens here;
// the page's first script reads the access token through stored-session.ts alone.
import { TokenSetSchema } from "@life-admin/domain";
import { parseJson } from "./parse-json.js";
import { TOKEN_STORAGE_KEY } from "./stored-session.js";
import { memoryTokenStore, type TokenStore } from "./token-store.js";

/** The part of the Web Storage interface the store uses. */
export type TokenStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface LocalStorageTokenStoreOptions {
  /** Default: `globalThis.localStorage`, when the runtime has one and allows it. */
  storage?: TokenStorage;
}

/**
 * The page's localStorage, or null where there is none (Node) or it is refused (some privacy
 * modes and sandboxed frames throw on mere access).
 */
function defaultStorage(): TokenStorage | null {
  try {
    const storage = (globalThis as { localStorage?: TokenStorage }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * Tokens in localStorage under `tokenData`. A value that is not a valid token set (corrupt JSON,
 * missing fields) reads as no session. Without usable storage the session lives in memory for as
 * long as the page does.
 */
export function localStorageTokenStore(options: LocalStorageTokenStoreOptions = {}): TokenStore {
  const storage = options.storage ?? defaultStorage();
  if (storage === null) return memoryTokenStore();
  return {
    get() {
      const raw = storage.getItem(TOKEN_STORAGE_KEY);
      if (raw === null) return null;
      const parsed = TokenSetSchema.safeParse(parseJson(raw));
      return parsed.success ? parsed.data : null;
    },
    set(tokens) {
      const { access_token, refresh_token, token_type } = tokens;
      storage.setItem(
        TOKEN_STORAGE_KEY,
        JSON.stringify({ access_token, refresh_token, token_type }),
      );
    },
    clear() {
      storage.removeItem(TOKEN_STORAGE_KEY);
    },
  };
}
