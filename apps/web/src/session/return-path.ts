// Where a person was going when the app sent them to sign in (a bookmark of /settings, a session
// that ended there): the redirect to / says it in its router state, the sign-up page keeps it in
// this tab's sessionStorage across the trip to the provider, and the callback goes there instead
// of the dashboard. Only the app's own signed-in pages are ever gone back to: nothing read from
// storage or history state can send the browser anywhere else. In the first download (the
// callback page asks it), so it stays this small.
import { DASHBOARD_PATH, SETTINGS_PATH } from "./landing";
import type { SecretStorage } from "./sign-in-secret";

/** The sessionStorage key of the page to go back to. */
export const RETURN_PATH_KEY = "signInReturnPath";

/** The pages a sign-in may return to. */
const RETURNABLE: readonly string[] = [DASHBOARD_PATH, SETTINGS_PATH];

function returnable(path: unknown): string | null {
  return typeof path === "string" && RETURNABLE.includes(path) ? path : null;
}

/** The router state of the redirect from a signed-in page to /. */
export function returnState(path: string): { returnTo: string } {
  return { returnTo: path };
}

/** The page a redirect's router state says the person was on, if one a sign-in may return to. */
export function returnPathOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  return returnable((state as { returnTo?: unknown }).returnTo);
}

/** Keeps `path` for the callback; null forgets any kept before. Storage refused: no return. */
export function keepReturnPath(storage: SecretStorage, path: string | null): void {
  try {
    if (path === null) storage.removeItem(RETURN_PATH_KEY);
    else storage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // A privacy setting: the callback goes to the dashboard.
  }
}

/** The kept page, removed as it is read (it serves one sign-in); null if none. */
export function takeReturnPath(storage: SecretStorage): string | null {
  try {
    const path = returnable(storage.getItem(RETURN_PATH_KEY));
    storage.removeItem(RETURN_PATH_KEY);
    return path;
  } catch {
    return null;
  }
}
