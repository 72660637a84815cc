// issue 23: what the /join page shows for an invitation link. Signed in, the page asks the API
// what the link would join (POST /households/join/preview) and names the household and who
// invited the person before they join or decline; signed out, they sign in first. Joined, the page
// names the household and offers Family view. A refusal (a link used, expired or unknown, or the
// person in a household already) is said in the API's words, with the way back alone.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
// A settings section's frame and text, as the calendar feed's.
import section from "../calendar/calendar-feed.module.css";

export const JOIN_TITLE = "Join a household";
export const INVITED_HEADING = "You've been invited to a household";
export const JOIN_LABEL = "Join household";
export const NOT_NOW_LABEL = "Not now";
export const SIGN_IN_TO_JOIN_LABEL = "Sign in to join";
// The section's heading under the page's "Join a household": what happened, not the title again.
export const REFUSED_HEADING = "This invitation can't be used";
export const NO_LINK_HEADING = "No invitation link";
export const NO_INVITATION_TEXT =
  "This page joins a household with an invitation link. Open the link you were sent, as it is.";
const NOTHING_SHARED_YET =
  "Nothing of yours is shared until you choose “Share with household” on it.";

/**
 * join: signed in with a link; sign-in: signed out with one; joined: in the household now;
 * refused or no-link: the way back.
 */
export type JoinStep = "join" | "sign-in" | "joined" | "refused" | "no-link";

export const OPEN_FAMILY_VIEW_LABEL = "Open Family view";

/** What the link would join, once the API has said (the household's name, who made the link). */
export interface JoinInvitation {
  household_name: string;
  /** The name of the member who made the link; null when they have none. */
  invited_by: string | null;
}

/** The heading that names the household and who invited the person, once known. */
function InvitedHeading({ invitation }: { invitation: JoinInvitation | null | undefined }) {
  if (invitation == null) return INVITED_HEADING;
  // <bdi>: a name in another script keeps its own direction, and the sentence its own.
  const household = <bdi>{invitation.household_name}</bdi>;
  return invitation.invited_by === null ? (
    <>You've been invited to join {household}</>
  ) : (
    <>
      <bdi>{invitation.invited_by}</bdi> invited you to join {household}
    </>
  );
}

/** The section's heading at each step. */
function headingOf(
  step: JoinStep,
  joinedName: string | undefined,
  invitation: JoinInvitation | null | undefined,
): ReactNode {
  switch (step) {
    case "join":
      return <InvitedHeading invitation={invitation} />;
    case "sign-in":
      return INVITED_HEADING;
    case "joined":
      return `You joined ${joinedName ?? "the household"}`;
    case "refused":
      return REFUSED_HEADING;
    case "no-link":
      return NO_LINK_HEADING;
  }
}

export interface JoinHouseholdSectionProps {
  step: JoinStep;
  joining?: boolean;
  /** Why the link was refused, or why joining failed, in the API's words. */
  error?: string | null;
  /** The household's name, once joined. */
  joinedName?: string;
  /** What the link would join, asked before joining (null while it is being asked). */
  invitation?: JoinInvitation | null;
  onJoin: () => void;
  /** Once joined: the dashboard's Family view, where what the household shares is. */
  onOpenFamilyView: () => void;
  onSignIn: () => void;
  /** "Not now", and the way back after a refusal. */
  onLeave: () => void;
  /** The way back's label: "Back to dashboard", or to the sign-up page when signed out. */
  backLabel: string;
}

export function JoinHouseholdSection({
  step,
  joining = false,
  error,
  joinedName,
  invitation,
  onJoin,
  onOpenFamilyView,
  onSignIn,
  onLeave,
  backLabel,
}: JoinHouseholdSectionProps) {
  const headingId = useId();
  const invited = step === "join" || step === "sign-in";
  // A refusal takes away the Join button that had focus: the way back, the one thing left, takes
  // it (the refusal itself is announced as an alert), rather than the page.
  // Joined, it goes to the heading that says so, read first.
  const back = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step === "refused") back.current?.focus();
    if (step === "joined") heading.current?.focus();
  }, [step]);
  return (
    <section aria-labelledby={headingId} className={cx(section.section, section.stack)}>
      {/* tabIndex -1: focus lands here on joining, never by Tab. */}
      <h2 id={headingId} ref={heading} className={section.heading} tabIndex={-1}>
        {headingOf(step, joinedName, invitation)}
      </h2>
      {step === "joined" && (
        <p className={section.text}>
          What its members share with the household is in Family view, the switch at the top of your
          dashboard. {NOTHING_SHARED_YET}
        </p>
      )}
      {step === "no-link" && <p className={section.text}>{NO_INVITATION_TEXT}</p>}
      {invited && (
        <p className={section.text}>
          Its members see what each of them shares with the household, and can be assigned what is
          shared. {NOTHING_SHARED_YET}
        </p>
      )}
      {step === "sign-in" && (
        <p className={section.text}>Sign in first: this tab keeps the link until you are back.</p>
      )}
      <ErrorBanner message={error} />
      <div className={section.actions}>
        {step === "join" && (
          <Button variant="primary" busy={joining} busyText="Joining..." onClick={onJoin}>
            {JOIN_LABEL}
          </Button>
        )}
        {step === "sign-in" && (
          <Button variant="primary" onClick={onSignIn}>
            {SIGN_IN_TO_JOIN_LABEL}
          </Button>
        )}
        {step === "joined" && (
          <Button variant="primary" onClick={onOpenFamilyView}>
            {OPEN_FAMILY_VIEW_LABEL}
          </Button>
        )}
        <Button ref={back} disabled={joining} onClick={onLeave}>
          {invited ? NOT_NOW_LABEL : backLabel}
        </Button>
      </div>
    </section>
  );
}
