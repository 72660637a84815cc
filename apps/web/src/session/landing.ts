// spec 2, 4 and decisions D3: the sign-in results arrive in the address (token, refresh_token,
// error). They are read once, when the page loads, and removed from the address before the app
// makes any request, so that no later request, Referer or history entry can carry them.
import type { TokenSet } from "@life-admin/domain";
import type { SessionStore } from "./session-store";

export const CALLBACK_PATH = "/auth/callback";
export const SIGN_UP_PATH = "/";
export const DASHBOARD_PATH = "/dashboard";

/** The query parameters that carry sign-in results (spec 7). */
const AUTH_PARAMS = ["token", "refresh_token", "error"] as const;

/** What the address said when the page loaded. */
export interface Landing {
  /** The path the page was loaded at. */
  path: string;
  /** Both tokens, when both were present and non-empty. */
  tokens: TokenSet | null;
  /** The `error` parameter, when present. */
  error: string | null;
}

/** No sign-in results: what the app uses after the landing page. */
export const NO_LANDING: Landing = { path: "", tokens: null, error: null };

/**
 * Reads the sign-in parameters from the address and removes them (history.replaceState, so no
 * history entry keeps them); every other part of the address stays.
 */
export function takeLanding(location: Pick<Location, "href">, history: History): Landing {
  const url = new URL(location.href);
  const params = url.searchParams;
  const token = params.get("token");
  const refreshToken = params.get("refresh_token");
  const error = params.get("error");
  if (AUTH_PARAMS.some((name) => params.has(name))) {
    for (const name of AUTH_PARAMS) params.delete(name);
    history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }
  return {
    path: url.pathname,
    tokens:
      token && refreshToken
        ? { access_token: token, refresh_token: refreshToken, token_type: "Bearer" }
        : null,
    error,
  };
}

/**
 * spec 4: on / and on the callback, both tokens (and no error) sign the user in. Tokens in the
 * address of any other page are removed but not used.
 */
export function acceptLanding(landing: Landing, session: SessionStore): void {
  const signInPage = landing.path === SIGN_UP_PATH || landing.path === CALLBACK_PATH;
  if (!signInPage || landing.error !== null || landing.tokens === null) return;
  session.signIn(landing.tokens);
}

/** spec 4: what the callback page does with what it was given. */
export type CallbackOutcome = "failed" | "signed-in" | "incomplete";

export function callbackOutcome(landing: Landing): CallbackOutcome {
  if (landing.path !== CALLBACK_PATH) return "incomplete";
  if (landing.error !== null) return "failed";
  return landing.tokens === null ? "incomplete" : "signed-in";
}

/** spec 8: the sign-up page was loaded with an error parameter. */
export function signInFailed(landing: Landing): boolean {
  return landing.path === SIGN_UP_PATH && landing.error !== null;
}
