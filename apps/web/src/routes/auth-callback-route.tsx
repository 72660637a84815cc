// spec 2, 4, 9 and decisions D2: /auth/callback shows "Authenticating..." while the one-time code
// is exchanged (finish-sign-in.ts, started when the page loaded); signed in, it goes to
// /dashboard after 100 ms; otherwise to /, where the sign-up page says "Authentication failed.
// Please try again." (a browser that already had a session keeps it and goes on to /dashboard).
// issue 23: signed in from an invitation link, to /join again, where its token waits. Sent to sign
// in from another signed-in page (a bookmark of /settings), back to it (session/return-path.ts).
import { AUTHENTICATING_TEXT, LoadingScreen } from "@life-admin/ui";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { DASHBOARD_PATH, JOIN_PATH, SIGN_UP_PATH } from "../session/landing";
import { takeReturnPath } from "../session/return-path";
import { useSignInOutcome } from "../session/use-landing";
import { useServices } from "../use-services";
import { waitingInvitation } from "./waiting-invitation";
import { SIGN_IN_FAILED_STATE } from "./sign-in-failed-state";

/** spec 9: the redirect delay after the callback. */
export const CALLBACK_REDIRECT_DELAY_MS = 100;

const NOT_STARTED = Promise.resolve("failed" as const);

export function AuthCallbackRoute() {
  const outcome = useSignInOutcome() ?? NOT_STARTED;
  const navigate = useNavigate();
  const { signInSecrets } = useServices();

  useEffect(() => {
    let left = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void outcome.then((result) => {
      if (left) return;
      switch (result) {
        case "signed-in":
          timer = setTimeout(() => {
            const invited = waitingInvitation(signInSecrets) !== null;
            // Taken either way: it serves this sign-in only.
            const returnPath = takeReturnPath(signInSecrets);
            void navigate(invited ? JOIN_PATH : (returnPath ?? DASHBOARD_PATH), { replace: true });
          }, CALLBACK_REDIRECT_DELAY_MS);
          return;
        case "failed":
          console.warn("Sign-in callback failed: back to the sign-up page");
          void navigate(SIGN_UP_PATH, { replace: true, state: SIGN_IN_FAILED_STATE });
          return;
        default: {
          const unknown: never = result;
          throw new Error(`Unknown sign-in outcome ${String(unknown)}`);
        }
      }
    });
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [outcome, navigate, signInSecrets]);

  return <LoadingScreen message={AUTHENTICATING_TEXT} />;
}
