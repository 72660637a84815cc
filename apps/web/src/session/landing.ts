// spec 2, 4 and decisions D2: what the address says when the page loads. The callback carries a
// one-time sign-in code, `/` and the callback an `error`; no address ever signs anyone in by
// itself (tokens in an address are removed and never used: a link could plant them). The
// parameters are read once, when the page loads, and removed from the address before the app
// makes any request, so that no later request, Referer or history entry can carry them.

export const CALLBACK_PATH = "/auth/callback";
export const SIGN_UP_PATH = "/";
export const DASHBOARD_PATH = "/dashboard";
/** issue 19: the settings page (the calendar feed; the account issue adds to it). */
export const SETTINGS_PATH = "/settings";
/** issue 23: the page an invitation link opens, `/join#{token}`. */
export const JOIN_PATH = "/join";
/**
 * issue 23: the sessionStorage key under which an invitation's token waits while the person signs
 * in (routes/invitation-token.ts): the callback then goes back to /join instead of the dashboard.
 */
export const INVITATION_KEY = "householdInvitation";

/**
 * The query parameters a sign-in may leave in an address: the code and error of decisions D2,
 * and the spec's old `token` and `refresh_token`, removed unread.
 */
const AUTH_PARAMS = ["code", "error", "token", "refresh_token"] as const;

/** What the address said when the page loaded. */
export interface Landing {
  /** The path the page was loaded at. */
  path: string;
  /** The callback's one-time sign-in code, when present and non-empty. */
  code: string | null;
  /** The `error` parameter, when present. */
  error: string | null;
}

/** No sign-in results: what the app uses after the landing page. */
export const NO_LANDING: Landing = { path: "", code: null, error: null };

/**
 * Reads the sign-in parameters from the address and removes them (history.replaceState, so no
 * history entry keeps them); every other part of the address stays.
 */
export function takeLanding(location: Pick<Location, "href">, history: History): Landing {
  const url = new URL(location.href);
  const params = url.searchParams;
  const code = params.get("code");
  const error = params.get("error");
  if (AUTH_PARAMS.some((name) => params.has(name))) {
    for (const name of AUTH_PARAMS) params.delete(name);
    history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }
  return { path: url.pathname, code: code === "" ? null : code, error };
}

/** spec 8: the sign-up page was loaded with an error parameter. */
export function signInFailed(landing: Landing): boolean {
  return landing.path === SIGN_UP_PATH && landing.error !== null;
}
