// spec 2: the sign-up page at /. An `error` parameter when the page loaded, or a failed callback
// (decisions D2), shows "Authentication failed. Please try again." until the user tries again;
// issue 22: an account just deleted, that it was; a form whose session ended before it was saved,
// that it is kept for the next sign-in (forms/kept-form.ts). Sent here from a signed-in page, it
// keeps that page for the callback to go back to (session/return-path.ts).
import { PRODUCT_NAME, SignUpPanel } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useGoogleSignIn } from "../data/use-google-sign-in";
import { forgetKeptForm, hasKeptForm } from "../forms/kept-form-key";
import { signInFailed } from "../session/landing";
import { keepReturnPath, returnPathOf } from "../session/return-path";
import { useLanding } from "../session/use-landing";
import {
  accountDeletedNotice,
  forgetAccountDeletedNotice,
} from "../settings/account-deleted-notice";
import { useServices } from "../use-services";
import { isSignInFailedState } from "./sign-in-failed-state";
import { focusOnArrival, titled } from "./page-arrival";

/** How long after the page is shown its notice is put in: screen readers then know the region. */
const NOTICE_DELAY_MS = 100;

/** While a form whose session ended is kept for the next sign-in (forms/kept-form.ts). */
const KEPT_FORM_NOTICE =
  "You were signed out before what you were typing was saved. Sign in again with the same account to finish it: it is kept in this tab.";

export function SignUpRoute() {
  const landing = useLanding();
  const location = useLocation();
  const failedHere = signInFailed(landing) || isSignInFailedState(location.state as unknown);
  useEffect(() => titled([PRODUCT_NAME]), []);
  // Left by Settings as it ended the session of the account it deleted: said once, then forgotten
  // (a reload or a later visit of this page does not say it again). Put in a moment after the page
  // is shown, into its status region already there: text that comes with its region is not read.
  const [deleted, setDeleted] = useState<string | null>(null);
  useEffect(() => {
    const notice = accountDeletedNotice();
    if (notice === null) return;
    const later = setTimeout(() => {
      setDeleted(notice);
      forgetAccountDeletedNotice();
    }, NOTICE_DELAY_MS);
    return () => {
      clearTimeout(later);
    };
  }, []);
  // A form kept for the next sign-in: said while it is kept, unless the person discards it.
  const [kept, setKept] = useState(hasKeptForm);
  const [authError, setAuthError] = useState(failedHere);
  const google = useGoogleSignIn();
  const { signInSecrets } = useServices();
  const returnPath = returnPathOf(location.state as unknown);
  return (
    <SignUpPanel
      headingRef={focusOnArrival}
      status={google.status}
      authError={authError}
      notice={deleted ?? (kept ? KEPT_FORM_NOTICE : null)}
      noticeKind={deleted === null ? "kept" : "done"}
      noticeAction={
        deleted === null && kept
          ? {
              label: "Discard it",
              onPress: () => {
                forgetKeptForm();
                setKept(false);
              },
            }
          : undefined
      }
      onContinueWithGoogle={() => {
        setAuthError(false);
        // After a failed sign-in the page it was for is still kept: trying again goes there too.
        if (returnPath !== null || !failedHere) keepReturnPath(signInSecrets, returnPath);
        void google.start();
      }}
      onSignUpWithEmail={() => {
        // spec 2: "Sign Up with Email" does nothing yet; it only logs.
        console.info("Sign Up with Email is not available yet");
      }}
    />
  );
}
