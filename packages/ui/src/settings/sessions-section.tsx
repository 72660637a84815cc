// issue 22: Settings' "Devices": every browser signed in to the account, with when it signed in and
// when it was last used, "This device" on the one in hand, and a way to sign out any other, or all
// of them at once. Signing one out ends its sign-in on the server: its next refresh fails.
import type { Session } from "@life-admin/domain/account";
import { useId } from "react";
import { Badge } from "../base/badge";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { useRowFocus } from "../base/use-row-focus";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";
import { SectionLoading } from "./section-loading";
import styles from "./sessions-section.module.css";

export const SESSIONS_HEADING = "Devices";
export const THIS_DEVICE_TEXT = "This device";
export const UNKNOWN_DEVICE_TEXT = "Unknown browser";
export const SIGN_OUT_LABEL = "Sign out";
export const SIGN_OUT_OTHERS_LABEL = "Sign out everywhere else";
export const LOADING_SESSIONS_TEXT = "Loading your devices...";
export const ONLY_THIS_DEVICE_TEXT = "No other device is signed in.";

/** What the section is doing: signing out one session (its id), every other, or nothing. */
export type SessionsBusy = { signingOut: string } | "others" | null;

export interface SessionsSectionProps {
  /** The signed-in devices, most recently used first; null while they load. */
  sessions: readonly Session[] | null;
  locale?: string;
  timeZone?: string;
  onSignOut: (session: Session) => void;
  onSignOutOthers: () => void;
  busy?: SessionsBusy;
  /** Why the last load or sign-out failed; the list stays as it was. */
  error?: string | null;
  /** Shown when the list could not be loaded at all: load it again. */
  onRetry?: () => void;
  /** What the last sign-out did ("Signed out Chrome on Linux."), announced. */
  status?: string | null;
}

/** The device's name as the list shows it. */
export function deviceLabel(session: Pick<Session, "device">): string {
  return session.device ?? UNKNOWN_DEVICE_TEXT;
}

/** "25 Nov 2026, 11:00" in the person's locale and time zone, as the calendar feed says when. */
function instantText(instant: string, locale?: string, timeZone?: string): string {
  return new Date(instant).toLocaleString(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
}

export function SessionsSection({
  sessions,
  locale,
  timeZone,
  onSignOut,
  onSignOutOthers,
  busy = null,
  error,
  onRetry,
  status,
}: SessionsSectionProps) {
  const headingId = useId();
  // A signed-out device's row leaves: focus to the next one's Sign out, else the heading.
  const rowFocus = useRowFocus();
  const others = sessions?.filter((session) => !session.current) ?? [];
  const working = busy !== null;
  return (
    <section
      ref={rowFocus}
      aria-labelledby={headingId}
      className={cx(section.section, section.stack)}
    >
      <h2 id={headingId} tabIndex={-1} className={section.heading}>
        {SESSIONS_HEADING}
      </h2>
      <p className={section.text}>
        Every browser signed in to your account. Signing one out ends its sign-in at once: it has to
        sign in again.
      </p>
      <ErrorBanner message={error} />
      {sessions === null ? (
        <SectionLoading text={LOADING_SESSIONS_TEXT} error={error} onRetry={onRetry} />
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={headingId}>
            {sessions.map((session) => {
              const name = deviceLabel(session);
              const signedIn = instantText(session.created_at, locale, timeZone);
              const signingOut = typeof busy === "object" && busy?.signingOut === session.id;
              return (
                <li key={session.id} className={styles.item}>
                  <div className={styles.device}>
                    <span className={styles.name}>
                      {name}
                      {session.current && (
                        <Badge tone="info" className={styles.badge}>
                          {THIS_DEVICE_TEXT}
                        </Badge>
                      )}
                    </span>
                    <span className={section.note}>
                      Signed in {signedIn} · Last used{" "}
                      {instantText(session.last_used_at, locale, timeZone)}
                    </span>
                  </div>
                  {!session.current && (
                    <Button
                      size="small"
                      aria-label={`${SIGN_OUT_LABEL} ${name}, signed in ${signedIn}`}
                      busy={signingOut}
                      busyText="Signing out..."
                      disabled={working}
                      onClick={() => {
                        onSignOut(session);
                      }}
                    >
                      {SIGN_OUT_LABEL}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <div className={section.actions}>
              <Button
                variant="danger"
                busy={busy === "others"}
                busyText="Signing out..."
                disabled={working}
                onClick={onSignOutOthers}
              >
                {SIGN_OUT_OTHERS_LABEL}
              </Button>
            </div>
          ) : (
            <p className={section.note}>{ONLY_THIS_DEVICE_TEXT}</p>
          )}
        </>
      )}
      <p role="status" className={section.note}>
        {status ?? ""}
      </p>
    </section>
  );
}
