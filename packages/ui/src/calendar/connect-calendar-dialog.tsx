// issue 19: after "Save and add to calendar", for a person who has not connected a calendar yet:
// the private feed's address to copy, the links into Apple Calendar / Outlook and Google
// Calendar, what the address gives away, and the person's answer: "I've added it" (the app stops
// offering, and later saves say the task will appear in their calendar, which is then true) or
// "Not now". "Not now", Escape, the overlay and Close only close it: it is offered again after
// the next such save. A bare "Done" recorded the calendar as connected for anyone who only
// wanted the dialog gone.
import type { CalendarFeed } from "@life-admin/domain";
import { Button } from "../base/button";
import { Modal } from "../base/modal";
import { FEED_PRIVACY_TEXT, FeedAddress, FeedLinks } from "./feed-address";
import styles from "./calendar-feed.module.css";

export const CONNECT_CALENDAR_TITLE = "Add your tasks to your calendar";
export const CONNECT_CALENDAR_DESCRIPTION =
  "Subscribe to this private address in your calendar app: your tasks and renewals appear there and stay up to date.";
export const ADDED_IT_LABEL = "I've added it";
const NOT_NOW_LABEL = "Not now";

export interface ConnectCalendarDialogProps {
  open: boolean;
  feed: Pick<CalendarFeed, "url" | "webcal_url">;
  onCopy: (text: string) => Promise<void>;
  /** "I've added it": the person has added the feed to a calendar. */
  onDone: () => void;
  /** "Not now", Escape, the overlay and the Close button. */
  onClose: () => void;
}

export function ConnectCalendarDialog({
  open,
  feed,
  onCopy,
  onDone,
  onClose,
}: ConnectCalendarDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={CONNECT_CALENDAR_TITLE}
      description={CONNECT_CALENDAR_DESCRIPTION}
      footer={
        <>
          <Button onClick={onClose}>{NOT_NOW_LABEL}</Button>
          <Button variant="primary" onClick={onDone}>
            {ADDED_IT_LABEL}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <FeedAddress url={feed.url} onCopy={onCopy} />
        <FeedLinks feed={feed} />
        <p className={styles.note}>{FEED_PRIVACY_TEXT}</p>
      </div>
    </Modal>
  );
}
