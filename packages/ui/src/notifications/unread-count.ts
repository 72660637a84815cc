// issue 20: the bell's count. A module of its own: the dashboard's first download counts the
// unread reminders, and the words of the list (notification-text.ts) load with the list.
import type { Notification } from "@life-admin/domain";

/** How many of these are unread. */
export function unreadCount(notifications: readonly Pick<Notification, "read">[]): number {
  let unread = 0;
  for (const notification of notifications) if (!notification.read) unread += 1;
  return unread;
}
