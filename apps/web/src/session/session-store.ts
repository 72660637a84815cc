// spec 4: whether there is a session, as something React can watch. Wraps the token store the
// client uses, so that every change (sign-in, refresh, the session ending, another tab) is seen,
// and a cleared session sends every route to /. Signed out, the installed app's icon carries no
// reminder count (app-icon.ts): none stays on a shared device.
import type { TokenStore } from "@life-admin/api-client";
import type { TokenSet } from "@life-admin/domain";
import { showOnAppIcon } from "../app-icon";

export interface SessionStore {
  /** The store to give the client: it reads it on every request and writes it on refresh. */
  tokens: TokenStore;
  isSignedIn: () => boolean;
  /** Calls `listener` whenever isSignedIn changes; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** spec 4: the sign-in results are saved. */
  signIn: (tokens: TokenSet) => void;
  /** Reads the stored session again (another tab changed it). */
  sync: () => void;
}

export function createSessionStore(store: TokenStore): SessionStore {
  let signedIn = store.get() !== null;
  // Opened signed out (the session ended while the app was closed): a count from before goes.
  if (!signedIn) showOnAppIcon(0);
  const listeners = new Set<() => void>();

  function sync(): void {
    const next = store.get() !== null;
    if (next === signedIn) return;
    signedIn = next;
    if (!signedIn) showOnAppIcon(0);
    for (const listener of listeners) listener();
  }

  const tokens: TokenStore = {
    get: () => store.get(),
    set(next) {
      store.set(next);
      sync();
    },
    clear() {
      store.clear();
      sync();
    },
  };

  return {
    tokens,
    isSignedIn: () => signedIn,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    signIn(next) {
      tokens.set(next);
    },
    sync,
  };
}
