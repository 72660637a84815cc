// spec 2, 4, 9: /auth/callback shows "Authenticating..." and then: with an error, go to /; with
// both tokens (stored when the page loaded, see landing.ts), go to /dashboard after 100 ms;
// otherwise go to /.
import { AUTHENTICATING_TEXT, LoadingScreen } from "@life-admin/ui";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { DASHBOARD_PATH, SIGN_UP_PATH, callbackOutcome } from "../session/landing";
import { useLanding } from "../session/use-landing";

/** spec 9: the redirect delay after the callback. */
export const CALLBACK_REDIRECT_DELAY_MS = 100;

export function AuthCallbackRoute() {
  const outcome = callbackOutcome(useLanding());
  const navigate = useNavigate();

  useEffect(() => {
    switch (outcome) {
      case "signed-in": {
        const timer = setTimeout(() => {
          void navigate(DASHBOARD_PATH, { replace: true });
        }, CALLBACK_REDIRECT_DELAY_MS);
        return () => {
          clearTimeout(timer);
        };
      }
      case "failed":
      case "incomplete":
        // spec 8: a silent redirect, logged only.
        console.warn(`Sign-in callback ${outcome}: back to the sign-up page`);
        void navigate(SIGN_UP_PATH, { replace: true });
        return undefined;
      default: {
        const unknown: never = outcome;
        throw new Error(`Unknown callback outcome ${String(unknown)}`);
      }
    }
  }, [outcome, navigate]);

  return <LoadingScreen message={AUTHENTICATING_TEXT} />;
}
