// Issue 20: what a person is reminded of now, worked out from their records and their clock alone
// (the bell answers it at request time, the morning email sends it): pure, no stored copies.
//
// - A subscription's renewal: from `remind_days_before` days before its next renewal until the
//   renewal day has passed, active subscriptions only. The next renewal is the first on or after
//   the person's today, rolled from the date they entered (decisions D10), so once a renewal day
//   has passed the next one's window is the one that counts.
// - A pending task: "due today" on its due day, "overdue" once its due time has passed (it stays
//   overdue until it is done). A task without a time of day (due at 00:00, `isAllDay`) is due
//   all its day, and overdue once that day has ended: 00:00 is the form's empty time, not
//   midnight, and a task left without a time is not overdue on the morning of its own day.
// - Each reminder is one occurrence and has a key of its own: the reminder of the 14 December
//   renewal is not the one of 14 January, and a task's "due today" is not its "overdue". Read
//   marks and sent emails are kept per key.
//
// Dates and times are the person's wall clock written as UTC fields (time-zones.ts, decisions
// D6): a task shown due at 09:30 is overdue when their clock passes 09:30.
import type { Frequency } from "./enums.js";
import {
  type IsoDate,
  MS_PER_DAY,
  instantOf,
  isAllDay,
  isoInstantAt,
  utcDateAt,
} from "./iso-dates.js";
import type { Notification, ReminderKind } from "./notification.js";
import { firstOccurrenceFrom, occurrenceAt } from "./recurrence.js";
import { wallClockAt } from "./time-zones.js";

export interface ReminderTask {
  id: number;
  title: string;
  /** The due date and time as shown (UTC fields), in ms. */
  dueMs: number;
  completed: boolean;
}

export interface ReminderSubscription {
  id: number;
  name: string;
  active: boolean;
  frequency: Frequency;
  /** decisions D9: every how many of the frequency's units. */
  interval: number;
  /** The renewal date the person entered, from which renewals roll forward (D10). */
  renewalAnchor: IsoDate;
  remindDaysBefore: number;
}

interface ReminderBase {
  /** One occurrence of one reminder: "renewal:7:2026-12-14", "task_overdue:3:2026-12-01T09:30:00.000Z". */
  key: string;
  kind: ReminderKind;
  title: string;
  /**
   * When it became due, on the person's wall clock (UTC fields), in ms: the start of the window
   * or the due day, or when the task became overdue (its due time, or the end of its day).
   */
  atMs: number;
}

export type DueReminder =
  | (ReminderBase & { kind: "renewal"; subscriptionId: number; renewsOn: IsoDate })
  | (ReminderBase & { kind: "task_due" | "task_overdue"; taskId: number; dueMs: number });

export interface RemindersInput {
  /** Now, as an instant (ms). */
  nowMs: number;
  /** The person's IANA time zone. */
  timeZone: string;
  tasks: readonly ReminderTask[];
  subscriptions: readonly ReminderSubscription[];
}

const dayStart = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`);

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether a pending task due at `dueMs` is overdue at `wallNowMs`, both on the person's wall clock
 * (UTC fields, D6): a timed task once its time has passed (at 09:30 itself it is still due), an
 * all-day one from the next day's 00:00, when its day has ended. The bell and the dashboard's
 * task rows both ask it.
 */
export function isOverdue(dueMs: number, wallNowMs: number): boolean {
  return overdueFrom(dueMs) <= wallNowMs;
}

/** The first moment on the person's wall clock (UTC fields, D6) at which isOverdue says yes. */
export function overdueFrom(dueMs: number): number {
  return isAllDay(dueMs) ? dueMs + MS_PER_DAY : dueMs + 1;
}

function taskReminder(task: ReminderTask, wallNowMs: number, today: IsoDate): DueReminder | null {
  if (task.completed) return null;
  const due = new Date(task.dueMs).toISOString();
  if (isOverdue(task.dueMs, wallNowMs)) {
    return {
      key: `task_overdue:${task.id}:${due}`,
      kind: "task_overdue",
      title: task.title,
      // Its due time, or the end of its day (isOverdue).
      atMs: isAllDay(task.dueMs) ? task.dueMs + MS_PER_DAY : task.dueMs,
      taskId: task.id,
      dueMs: task.dueMs,
    };
  }
  const dueDay = utcDateAt(task.dueMs);
  if (dueDay !== today) return null;
  return {
    key: `task_due:${task.id}:${due}`,
    kind: "task_due",
    title: task.title,
    atMs: dayStart(dueDay),
    taskId: task.id,
    dueMs: task.dueMs,
  };
}

/**
 * The renewal's reminder, if `todayMs` (00:00 UTC of the person's today) is in its window. The
 * next renewal is renewalOnOrAfter's (recurrence.ts), worked out in milliseconds: most of a
 * person's subscriptions are outside their window, and are passed over without writing a date
 * (issue 20's bench: 1,000 subscriptions read at each GET /notifications/).
 */
function renewalReminder(subscription: ReminderSubscription, todayMs: number): DueReminder | null {
  if (!subscription.active) return null;
  const anchorMs = instantOf(subscription.renewalAnchor);
  const renewsMs = occurrenceAt(
    anchorMs,
    subscription,
    firstOccurrenceFrom(anchorMs, subscription, todayMs),
  );
  const fromMs = renewsMs - subscription.remindDaysBefore * MS_PER_DAY;
  if (todayMs < fromMs) return null;
  const renewsOn = utcDateAt(renewsMs);
  return {
    key: `renewal:${subscription.id}:${renewsOn}`,
    kind: "renewal",
    title: subscription.name,
    atMs: fromMs,
    subscriptionId: subscription.id,
    renewsOn,
  };
}

/**
 * The person's reminders due now, newest first (then by key, so the order is stable). Keys are
 * compared as code units, not with localeCompare: a person's overdue tasks share their due hours,
 * and collating those ties took more time than working the reminders out (issue 20's bench).
 */
export function dueReminders({
  nowMs,
  timeZone,
  tasks,
  subscriptions,
}: RemindersInput): DueReminder[] {
  const wallNowMs = wallClockAt(nowMs, timeZone);
  const today = utcDateAt(wallNowMs);
  const due: DueReminder[] = [];
  for (const task of tasks) {
    const reminder = taskReminder(task, wallNowMs, today);
    if (reminder !== null) due.push(reminder);
  }
  const todayMs = dayStart(today);
  for (const subscription of subscriptions) {
    const reminder = renewalReminder(subscription, todayMs);
    if (reminder !== null) due.push(reminder);
  }
  return due.sort((a, b) => b.atMs - a.atMs || byCodeUnits(a.key, b.key));
}

/**
 * A due reminder (due-reminders.ts) as GET /notifications/ answers it. A timed overdue task's `at`
 * is its due time, written once: for a person with hundreds of overdue tasks, writing instants
 * took a tenth of the API's time for the answer (issue 20's bench). `due` is the task's due
 * instant as stored, so a reader tells an all-day task by `isAllDay` alone.
 */
export function notificationOf(reminder: DueReminder, read: boolean): Notification {
  const at = isoInstantAt(reminder.atMs);
  const common = { id: reminder.key, kind: reminder.kind, title: reminder.title, at, read };
  if (reminder.kind === "renewal") {
    return { ...common, due: reminder.renewsOn, subscription_id: reminder.subscriptionId };
  }
  const due = reminder.dueMs === reminder.atMs ? at : isoInstantAt(reminder.dueMs);
  return { ...common, due, task_id: reminder.taskId };
}
