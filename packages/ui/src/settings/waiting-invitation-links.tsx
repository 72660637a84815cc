// issue 23: the owner's invitation links that can still join someone (neither used nor expired),
// each with when it was made and stops working, and Withdraw: a link sent to the wrong person
// stops working at once. Only the links' dates are shown: their tokens are not kept.
import { formatMomentDate } from "@life-admin/domain";
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

/** "Nov 30" (en-US), "30 Nov" (en-GB): a link lives 7 days, so no year. */
const DAY = { month: "short", day: "numeric" } as const;
/** "Nov 30, 9:14 AM": tells apart, to a screen reader, two links made the same day. */
const MADE_AT = { ...DAY, hour: "numeric", minute: "2-digit" } as const;

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
      {/* tabIndex -1: focus lands here when the last link is withdrawn (useRowFocus), never by
          Tab. */}
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
                Made {formatMomentDate(invitation.created_at, locale, timeZone, DAY)}, expires{" "}
                {formatMomentDate(invitation.expires_at, locale, timeZone, DAY)}
              </span>
              <Button
                size="small"
                aria-label={`${WITHDRAW_LABEL} the link made ${formatMomentDate(invitation.created_at, locale, timeZone, MADE_AT)}`}
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
