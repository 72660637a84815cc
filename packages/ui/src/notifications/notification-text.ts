// issue 20: what a reminder in the bell's list says beside its title: when it renews, or when the
// task is (or was) due. Dates and times are the person's wall clock written as UTC fields
// (decisions D6), in their locale. A task without a time of day (domain's isAllDay) is due on its
// day, so no time is said of it. A renewal on the person's today says what the Renewals Soon card
// says of it ("Renews today"), as a task due today says "Due today".
import {
  type IsoDate,
  type Notification,
  daysUntil,
  formatDate,
  formatTime,
  instantOf,
  isAllDay,
  renewalCardLabel,
} from "@life-admin/domain";

const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };

/**
 * "Renews Mon, 14 Dec" or "Renews today"; "Due today at 5:00 PM" or "Due today"; "Overdue since
 * Thu, 3 Dec, 9:00 AM" or "Overdue since Thu, 3 Dec". `today` is the person's, in their time zone.
 */
export function notificationText(
  notification: Notification,
  today: IsoDate,
  locale?: string,
): string {
  const { due } = notification;
  const timed = !isAllDay(instantOf(due));
  switch (notification.kind) {
    case "renewal": {
      const days = daysUntil(due, today);
      return days === 0 ? renewalCardLabel(days) : `Renews ${formatDate(due, locale, SHORT_DAY)}`;
    }
    case "task_due":
      return timed ? `Due today at ${formatTime(due, locale)}` : "Due today";
    case "task_overdue": {
      const since = `Overdue since ${formatDate(due, locale, SHORT_DAY)}`;
      return timed ? `${since}, ${formatTime(due, locale)}` : since;
    }
    default: {
      const never: never = notification.kind;
      return never;
    }
  }
}
