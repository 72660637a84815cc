// spec 2: the sign-up page at /. An `error` parameter when the page loaded shows "Authentication
// failed. Please try again." until the user tries again.
import { SignUpPanel } from "@life-admin/ui";
import { useState } from "react";
import { useGoogleSignIn } from "../data/use-google-sign-in";
import { signInFailed } from "../session/landing";
import { useLanding } from "../session/use-landing";

export function SignUpRoute() {
  const [authError, setAuthError] = useState(signInFailed(useLanding()));
  const google = useGoogleSignIn();
  return (
    <SignUpPanel
      status={google.status}
      authError={authError}
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
