// spec 2: the sign-up page at /. An `error` parameter when the page loaded, or a failed callback
// (decisions D2), shows "Authentication failed. Please try again." until the user tries again;
// issue 22: an account just deleted, that it was.
import { SignUpPanel } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useGoogleSignIn } from "../data/use-google-sign-in";
import { SIGN_UP_PATH, signInFailed } from "../session/landing";
import { useLanding } from "../session/use-landing";
import { useServices } from "../use-services";
import { ACCOUNT_DELETED_NOTICE, isAccountDeletedState } from "./account-deleted-state";
import { isSignInFailedState } from "./sign-in-failed-state";

export function SignUpRoute() {
  const landing = useLanding();
  const location = useLocation();
  const failedHere = signInFailed(landing) || isSignInFailedState(location.state as unknown);
  const accountDeleted = isAccountDeletedState(location.state as unknown);
  const [notice] = useState(accountDeleted ? ACCOUNT_DELETED_NOTICE : null);
  const { session } = useServices();
  const navigate = useNavigate();
  // The API ended every sign-in of the deleted account; this browser forgets its own here, once
  // the page that says so is the one shown (a session cleared sooner sends Settings to / first).
  // The notice stays, and the history entry forgets the state: coming back to it later (Back,
  // a reload) must not end a session signed in since.
  useEffect(() => {
    if (!accountDeleted) return;
    session.tokens.clear();
    void navigate(SIGN_UP_PATH, { replace: true, state: null });
  }, [accountDeleted, session, navigate]);
  const [authError, setAuthError] = useState(failedHere);
  const google = useGoogleSignIn();
  return (
    <SignUpPanel
      status={google.status}
      authError={authError}
      notice={notice}
      onContinueWithGoogle={() => {
        setAuthError(false);
        void google.start();
      }}
      onSignUpWithEmail={() => {
        // spec 2: "Sign Up with Email" does nothing yet; it only logs.
        console.info("Sign Up with Email is not available yet");
      }}
    />
  );
}
