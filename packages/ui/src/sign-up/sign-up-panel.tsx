// spec 1, 2, 8: the sign-up page: heading, "Continue with Google" with its redirecting and error
// states, "Sign Up with Email", and the privacy line.
import { CircleCheck, History, ListChecks, Mail, ShieldCheck } from "lucide-react";
import type { Ref } from "react";
import { Button } from "../base/button";
import { ErrorBanner } from "../base/error-banner";
import { PRODUCT_NAME } from "../header/app-header";
import { GoogleMark } from "./google-mark";
import styles from "./sign-up-panel.module.css";

export const TAGLINE = "Your AI Life Admin Assistant";
export const SIGN_UP_HEADING = "Get Started with us today!";
export const REDIRECTING_TEXT = "Redirecting to Google...";
export const GOOGLE_FAILED_TEXT = "Failed to initiate Google sign-in. Please try again.";
export const AUTH_FAILED_TEXT = "Authentication failed. Please try again.";
/**
 * spec 1 promises "end-to-end encrypted, no data selling, full control". The server can read what
 * it stores, so we promise only what holds (issue 22): no other account sees the records unless
 * their owner shares them with their household (issue 23), and they are never sold; documents are
 * encrypted at rest, tasks and subscriptions are not; Settings exports everything and deletes the
 * account.
 */
export const PRIVACY_TEXT =
  "Your data is yours: no other account sees it unless you share it with your household, and we never sell it. Uploaded documents are stored encrypted and read on this server, never sent elsewhere; tasks and subscriptions are stored unencrypted. Download everything or delete your account at any time in Settings.";

/** spec 4: sign-in start goes idle -> redirecting, and back to idle with an error on failure. */
export type GoogleSignInStatus = "idle" | "redirecting" | "error";

export interface SignUpPanelProps {
  status: GoogleSignInStatus;
  /** spec 8: the page was loaded with an `error` parameter. */
  authError?: boolean;
  /** What the app has to tell the person arriving here (issue 22: their account was deleted). */
  notice?: string | null;
  /**
   * What the notice is about, for its icon: something done (a check mark), or a form kept for the
   * next sign-in (the clock turning back, as on the form's own note, `KeptFormNote`).
   */
  noticeKind?: "done" | "kept";
  /** A button beside the notice (a form kept for the next sign-in: discard it). */
  noticeAction?: { label: string; onPress: () => void } | undefined;
  onContinueWithGoogle: () => void;
  /** spec 2: does nothing yet beyond what the web app decides. */
  onSignUpWithEmail: () => void;
  /** The page's heading, which the app focuses when the page is reached inside it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function SignUpPanel({
  status,
  authError = false,
  notice,
  noticeKind = "done",
  noticeAction,
  onContinueWithGoogle,
  onSignUpWithEmail,
  headingRef,
}: SignUpPanelProps) {
  const redirecting = status === "redirecting";
  const NoticeIcon = noticeKind === "kept" ? History : CircleCheck;
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            <ListChecks size={22} />
          </span>
          <span className={styles.brandText}>
            <span className={styles.productName}>{PRODUCT_NAME}</span>
            <span className={styles.tagline}>{TAGLINE}</span>
          </span>
        </div>

        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {SIGN_UP_HEADING}
        </h1>

        {/* One element with or without a notice, empty and unseen without: a live region must be
            in the page before its text, or screen readers do not say it. */}
        <div className={notice ? styles.notice : styles.noNotice}>
          {notice && <NoticeIcon className={styles.noticeIcon} size={18} aria-hidden="true" />}
          <p role="status" className={styles.noticeText}>
            {notice && <span>{notice}</span>}
          </p>
          {notice && noticeAction && (
            <Button size="small" variant="ghost" onClick={noticeAction.onPress}>
              {noticeAction.label}
            </Button>
          )}
        </div>
        <ErrorBanner message={authError ? AUTH_FAILED_TEXT : null} />
        <ErrorBanner message={status === "error" ? GOOGLE_FAILED_TEXT : null} />

        <div className={styles.buttons}>
          <Button
            variant="secondary"
            block
            busy={redirecting}
            busyText="Loading..."
            onClick={onContinueWithGoogle}
          >
            <GoogleMark />
            Continue with Google
          </Button>
          {redirecting && (
            <p role="status" className={styles.status}>
              {REDIRECTING_TEXT}
            </p>
          )}
          <div className={styles.divider}>or</div>
          <Button variant="primary" block onClick={onSignUpWithEmail}>
            <Mail size={18} aria-hidden="true" />
            Sign Up with Email
          </Button>
        </div>

        <p className={styles.privacy}>
          <ShieldCheck className={styles.privacyIcon} size={18} aria-hidden="true" />
          {PRIVACY_TEXT}
        </p>
      </div>
    </main>
  );
}
