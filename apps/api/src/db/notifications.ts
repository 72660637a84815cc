// issue 20: the bell's reminders, worked out at each request from the person's records and clock
// (domain/due-reminders.ts), with the read marks kept per reminder occurrence.
import { type DueReminder, addDays, calendarDateIn, dueReminders } from "@life-admin/domain";
import { and, eq, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { notificationReads, subscriptions, tasks } from "./schema.js";

export interface PersonNow {
  userId: number;
  timeZone: string;
  now: Date;
}

export interface ReadReminder {
  reminder: DueReminder;
  read: boolean;
}

export interface Notifications {
  /** The person's reminders due at `now`, newest first (the morning email's content). */
  due(person: PersonNow): Promise<DueReminder[]>;
  /** The person's reminders due now, newest first, each with whether they have read it. */
  list(person: PersonNow): Promise<ReadReminder[]>;
  /**
   * Marks these of the person's current reminders read (`"all"`: every one); ids that are not
   * one of them are ignored. Marks of reminders no longer due are dropped.
   */
  markRead(person: PersonNow, ids: readonly string[] | "all"): Promise<void>;
}

export function notificationsOf(db: Db): Notifications {
  // Prepared once: the tasks that may be due today or overdue (pending, due before tomorrow on
  // the person's clock; decisions D6 writes the clock as UTC fields), and the active subscriptions.
  const dueTasks = db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      completed: tasks.completed,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, sql.placeholder("userId")),
        eq(tasks.completed, false),
        lt(tasks.dueDate, sql`${sql.placeholder("before")}::timestamptz`),
      ),
    )
    .prepare("notification_tasks");
  const activeSubscriptions = db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      active: subscriptions.active,
      frequency: subscriptions.frequency,
      renewalAnchor: subscriptions.renewalAnchor,
      remindDaysBefore: subscriptions.remindDaysBefore,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sql.placeholder("userId")), eq(subscriptions.active, true)))
    .prepare("notification_subscriptions");
  const marks = db
    .select({ key: notificationReads.key })
    .from(notificationReads)
    .where(eq(notificationReads.userId, sql.placeholder("userId")))
    .prepare("notification_reads");

  const current = async ({ userId, timeZone, now }: PersonNow): Promise<DueReminder[]> => {
    const tomorrow = addDays(calendarDateIn(now, timeZone), 1);
    const before = new Date(Date.parse(`${tomorrow}T00:00:00Z`)).toISOString();
    const [taskRows, subscriptionRows] = await Promise.all([
      dueTasks.execute({ userId, before }),
      activeSubscriptions.execute({ userId }),
    ]);
    return dueReminders({
      nowMs: now.getTime(),
      timeZone,
      tasks: taskRows.map((row) => ({ ...row, dueMs: row.dueDate.getTime() })),
      subscriptions: subscriptionRows,
    });
  };

  return {
    due: current,

    async list(person) {
      const [reminders, readRows] = await Promise.all([
        current(person),
        marks.execute({ userId: person.userId }),
      ]);
      const read = new Set(readRows.map((row) => row.key));
      return reminders.map((reminder) => ({ reminder, read: read.has(reminder.key) }));
    },

    async markRead(person, ids) {
      const keys = (await current(person)).map((reminder) => reminder.key);
      const wanted = ids === "all" ? keys : keys.filter((key) => ids.includes(key));
      await db.transaction(async (tx) => {
        const gone =
          keys.length === 0
            ? eq(notificationReads.userId, person.userId)
            : and(
                eq(notificationReads.userId, person.userId),
                notInArray(notificationReads.key, keys),
              );
        await tx.delete(notificationReads).where(gone);
        if (wanted.length > 0) {
          await tx
            .insert(notificationReads)
            .values(wanted.map((key) => ({ userId: person.userId, key, readAt: person.now })))
            .onConflictDoNothing();
        }
      });
    },
  };
}
