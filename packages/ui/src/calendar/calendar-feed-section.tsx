// issue 19: Settings' "Calendar feed": the private feed's address again (to copy, or to open in a
// calendar app), when a calendar app last fetched it, and "Get a new address", which asks first
// (the old address stops working at once) and then shows the new one.
import type { CalendarFeed } from "@life-admin/domain";
import { useId, useState } from "react";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { ConfirmDialog } from "../base/confirm-dialog";
import { FEED_PRIVACY_TEXT, FeedAddress, FeedLinks } from "./feed-address";
import styles from "./calendar-feed.module.css";

export const CALENDAR_FEED_HEADING = "Calendar feed";
export const NOT_FETCHED_TEXT = "Not fetched yet";
export const ROTATE_LABEL = "Get a new address";
export const ROTATE_QUESTION = "Get a new address?";
export const ROTATE_WARNING =
  "Calendar apps using the old address will stop updating. Add the new address to them again.";
export const ROTATED_TEXT = "Your calendar has a new address. Add it to your calendar apps again.";

export interface CalendarFeedSectionProps {
  feed: CalendarFeed;
  locale?: string;
  timeZone?: string;
  onCopy: (text: string) => Promise<void>;
  /** "Get a new address", confirmed. */
  onRotate: () => void;
  /** While the new address is being made. */
  rotating?: boolean;
  /** The address shown is a new one the person has just asked for. */
  rotated?: boolean;
  /** Why the last request failed. */
  error?: string | null;
}

/** "25 Nov 2026, 11:00" in the person's locale and time zone (the feed says when to the hour). */
function fetchedText(instant: string, locale?: string, timeZone?: string): string {
  return new Date(instant).toLocaleString(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
}

export function CalendarFeedSection({
  feed,
  locale,
  timeZone,
  onCopy,
  onRotate,
  rotating = false,
  rotated = false,
  error,
}: CalendarFeedSectionProps) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby={headingId} className={cx(styles.section, styles.stack)}>
      <h2 id={headingId} className={styles.heading}>
        {CALENDAR_FEED_HEADING}
      </h2>
      <p className={styles.text}>
        Your tasks and renewals as a private calendar that Google Calendar, Apple Calendar, Outlook
        and Thunderbird can subscribe to.
      </p>
      <ErrorBanner message={error} />
      <FeedAddress url={feed.url} onCopy={onCopy} />
      <p role="status" className={styles.text}>
        {rotated ? ROTATED_TEXT : ""}
      </p>
      <FeedLinks feed={feed} />
      <p className={styles.text}>
        Last fetched by a calendar app:{" "}
        {feed.last_fetched_at === null
          ? NOT_FETCHED_TEXT
          : fetchedText(feed.last_fetched_at, locale, timeZone)}
      </p>
      <p className={styles.note}>{FEED_PRIVACY_TEXT}</p>
      <div className={styles.actions}>
        <Button
          busy={rotating}
          busyText="Getting a new address..."
          onClick={() => {
            setAsking(true);
          }}
        >
          {ROTATE_LABEL}
        </Button>
      </div>
      {/* Like deleting, this cannot be undone (ConfirmDialog: Cancel first, and focused). */}
      <ConfirmDialog
        open={asking}
        title={ROTATE_QUESTION}
        text={ROTATE_WARNING}
        confirm={ROTATE_LABEL}
        onConfirm={() => {
          setAsking(false);
          onRotate();
        }}
        onCancel={() => {
          setAsking(false);
        }}
      />
    </section>
  );
}
