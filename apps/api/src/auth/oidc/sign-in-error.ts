// Why a sign-in failed. The code travels to the web app as `?error=<code>` (decisions D2), so it
// is short, fixed and free of secrets; the reason is for our logs only (never a token or a code).

export const SIGN_IN_ERROR_CODES = [
  /** state unknown, expired or already used (a replayed callback). */
  "invalid_state",
  /** the user said no at the provider (or cancelled the local form). */
  "access_denied",
  /** any other error the provider sent back in the redirect. */
  "provider_error",
  /** the redirect carried neither a code nor an error. */
  "missing_code",
  /** the code exchange failed: a replayed or foreign code, a PKCE mismatch, a network fault. */
  "token_exchange_failed",
  /** the ID token failed a check: issuer, audience, expiry, nonce, signature. */
  "invalid_id_token",
  /** the ID token lacks what a user needs (the email). */
  "missing_claims",
  /** our own fault (database, discovery); the user may simply try again. */
  "server_error",
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly code: SignInErrorCode,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${reason}`, options);
  }
}
