// issue 23: the owner's invitation links that can still join someone (neither used nor expired),
// each with when it was made and stops working, and Withdraw: a link sent to the wrong person
// stops working at once. Only the links' dates are shown: their tokens are not kept.
import type { PendingInvitation } from "@life-admin/domain/household";
import { useId } from "react";
import { Button } from "../base/button";
import { useRowFocus } from "../base/use-row-focus";
// A settings section's text, as the calendar feed's; a list's rows, as the devices'.
import section from "../calendar/calendar-feed.module.css";
import list from "./sessions-section.module.css";
import styles from "./household-section.module.css";

export const WAITING_LINKS_HEADING = "Links not used yet";
export const NO_WAITING_LINKS_TEXT =
  "None. A link you make shows here until it is used or expires.";
export const WITHDRAW_LABEL = "Withdraw";

export interface WaitingInvitationLinksProps {
  /** The newest first. */
  invitations: readonly PendingInvitation[];
  locale?: string;
  timeZone?: string;
  onWithdraw: (invitation: PendingInvitation) => void;
  /** The id of the link being withdrawn. */
  withdrawing: number | null;
  /** Another change runs: every Withdraw waits. */
  held: boolean;
}

/** "Nov 30" (en-US), "30 Nov" (en-GB), in the person's time zone; a link lives 7 days, no year. */
function dayText(instant: string, locale?: string, timeZone?: string): string {
  return new Date(instant).toLocaleDateString(locale, { month: "short", day: "numeric", timeZone });
}

/** "Nov 30, 9:14 AM": tells apart, to a screen reader, two links made the same day. */
function madeAtText(instant: string, locale?: string, timeZone?: string): string {
  return new Date(instant).toLocaleString(locale, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
}

export function WaitingInvitationLinks({
  invitations,
  locale,
  timeZone,
  onWithdraw,
  withdrawing,
  held,
}: WaitingInvitationLinksProps) {
  const headingId = useId();
  // A withdrawn link's row leaves: focus to the next one's Withdraw, else this list's heading.
  const rowFocus = useRowFocus();
  return (
    <div ref={rowFocus} className={styles.invitation}>
      {/* tabIndex -1: focus lands here when the last link is withdrawn (useRowFocus), never by Tab. */}
      <h3 id={headingId} className={styles.subheading} tabIndex={-1}>
        {WAITING_LINKS_HEADING}
      </h3>
      {invitations.length === 0 ? (
        <p className={section.note}>{NO_WAITING_LINKS_TEXT}</p>
      ) : (
        <ul className={list.list} aria-labelledby={headingId}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={list.item}>
              <span>
                Made {dayText(invitation.created_at, locale, timeZone)}, expires{" "}
                {dayText(invitation.expires_at, locale, timeZone)}
              </span>
              <Button
                size="small"
                aria-label={`${WITHDRAW_LABEL} the link made ${madeAtText(invitation.created_at, locale, timeZone)}`}
                busy={withdrawing === invitation.id}
                busyText="Withdrawing..."
                disabled={held}
                onClick={() => {
                  onWithdraw(invitation);
                }}
              >
                {WITHDRAW_LABEL}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
