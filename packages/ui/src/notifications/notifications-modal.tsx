// issue 20: the bell's panel: the person's reminders due now, newest first, each a button that
// opens its task or subscription (and marks it read); the unread ones marked in words as well as
// by a dot; "Mark all as read" at the foot, while any is listed. A dialog, so that focus moves in,
// Escape closes it and focus returns to the bell.
import type { IsoDate, Notification } from "@life-admin/domain";
import { AlarmClock, CalendarClock, CircleAlert } from "lucide-react";
import { Button } from "../base/button";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { Modal } from "../base/modal";
import { VisuallyHidden } from "../base/visually-hidden";
import { notificationText } from "./notification-text";
import { unreadCount } from "./unread-count";
import styles from "./notifications-modal.module.css";

export const NOTIFICATIONS_TITLE = "Notifications";
export const MARK_ALL_READ_LABEL = "Mark all as read";
export const NO_NOTIFICATIONS_TEXT = "You're all caught up. Reminders show here when they're due.";
export const LOADING_NOTIFICATIONS_TEXT = "Loading your reminders...";
export const UNREAD_LABEL = "Unread";

export interface NotificationsModalProps {
  open: boolean;
  onClose: () => void;
  /** The reminders due now; null while they load. */
  notifications: readonly Notification[] | null;
  /** Why they could not be loaded or marked read. */
  error?: string | null;
  /** The person's today, in their time zone: a renewal on it "Renews today". */
  today: IsoDate;
  locale?: string;
  /** A reminder pressed: the app opens what it is about. */
  onSelect: (notification: Notification) => void;
  onMarkAllRead: () => void;
}

const ICONS = {
  renewal: CalendarClock,
  task_due: AlarmClock,
  task_overdue: CircleAlert,
} as const;

export function NotificationsModal({
  open,
  onClose,
  notifications,
  error,
  today,
  locale,
  onSelect,
  onMarkAllRead,
}: NotificationsModalProps) {
  const unread = notifications === null ? 0 : unreadCount(notifications);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={NOTIFICATIONS_TITLE}
      description={unread > 0 ? `${unread} unread` : undefined}
      size="small"
      banner={<ErrorBanner message={error} />}
      footer={
        // Nothing listed (a first visit, or nothing due), nothing to mark: no greyed-out button
        // under "You're all caught up".
        notifications !== null &&
        notifications.length > 0 && (
          <Button size="small" disabled={unread === 0} onClick={onMarkAllRead}>
            {MARK_ALL_READ_LABEL}
          </Button>
        )
      }
    >
      {notifications === null && <p role="status">{LOADING_NOTIFICATIONS_TEXT}</p>}
      {notifications?.length === 0 && <p className={styles.empty}>{NO_NOTIFICATIONS_TEXT}</p>}
      {notifications !== null && notifications.length > 0 && (
        <ul className={styles.list}>
          {notifications.map((notification) => {
            const Icon = ICONS[notification.kind];
            return (
              <li key={notification.id}>
                <button
                  type="button"
                  className={cx(styles.item, !notification.read && styles.unread)}
                  data-kind={notification.kind}
                  onClick={() => {
                    onSelect(notification);
                  }}
                >
                  <span className={styles.icon} aria-hidden="true">
                    <Icon size={18} />
                  </span>
                  <span className={styles.text}>
                    {/* Isolated, as the lists' titles are (item-rows.tsx): a right-to-left title
                        keeps its closing punctuation at its end. */}
                    <bdi className={styles.title}>{notification.title}</bdi>{" "}
                    <span className={styles.when}>
                      {notificationText(notification, today, locale)}
                    </span>
                  </span>
                  {!notification.read && (
                    <>
                      {" "}
                      <span className={styles.dot}>
                        <VisuallyHidden>{UNREAD_LABEL}</VisuallyHidden>
                      </span>
                    </>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
