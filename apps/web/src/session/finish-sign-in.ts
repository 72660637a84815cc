// decisions D2: the callback page's work, started before the first render (so that it runs once,
// whatever React does): the one-time code and this tab's secret are exchanged for a session.
// Whatever fails (an error from the provider, no code, no secret in this tab, a refused
// exchange), nothing is stored, and a session this browser already had stays as it was.
import type { TokenSet } from "@life-admin/domain";
import { CALLBACK_PATH, type Landing } from "./landing";
import type { SessionStore } from "./session-store";
import { type SecretStorage, takeSignInSecret } from "./sign-in-secret";

export type SignInOutcome = "signed-in" | "failed";

export interface FinishSignInDeps {
  /** POST /auth/google/exchange (api-client's exchangeSignInCode). */
  exchange: (code: string, secret: string) => Promise<TokenSet>;
  secrets: SecretStorage;
  session: SessionStore;
}

/** The callback's outcome; null when the page is not the callback. */
export function finishSignIn(
  landing: Landing,
  { exchange, secrets, session }: FinishSignInDeps,
): Promise<SignInOutcome> | null {
  if (landing.path !== CALLBACK_PATH) return null;
  // Taken whatever follows: a secret serves one sign-in.
  const secret = takeSignInSecret(secrets);
  if (landing.error !== null || landing.code === null || secret === null) {
    return Promise.resolve("failed");
  }
  return exchange(landing.code, secret).then(
    (tokens) => {
      session.signIn(tokens);
      return "signed-in";
    },
    (error: unknown) => {
      console.warn("Sign-in code exchange failed", error);
      return "failed";
    },
  );
}
