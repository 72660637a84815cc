// issue 20: what a reminder in the bell's list says beside its title: when it renews, or when the
// task is (or was) due. Dates and times are the person's wall clock written as UTC fields
// (decisions D6), in their locale.
import { type Notification, formatDate, formatTime } from "@life-admin/domain";

const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };

/** "Renews Mon, 14 Dec", "Due today at 5:00 PM", "Overdue since 3 Dec, 9:00 AM". */
export function notificationText(notification: Notification, locale?: string): string {
  switch (notification.kind) {
    case "renewal":
      return `Renews ${formatDate(notification.due, locale, SHORT_DAY)}`;
    case "task_due":
      return `Due today at ${formatTime(notification.due, locale)}`;
    case "task_overdue":
      return `Overdue since ${formatDate(notification.due, locale, SHORT_DAY)}, ${formatTime(notification.due, locale)}`;
    default: {
      const never: never = notification.kind;
      return never;
    }
  }
}
