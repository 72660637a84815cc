// issue 20: the bell's reminders, worked out at each request from the person's records and clock
// (domain/due-reminders.ts), with the read marks kept per reminder occurrence.
import {
  type DueReminder,
  type ReminderSubscription,
  type ReminderTask,
  addDays,
  calendarDateIn,
  dueReminders,
  utcDateAt,
} from "@life-admin/domain";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { prepareRows } from "./prepared-rows.js";
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
  // Prepared once, read as the rules take them (prepared-rows.ts): a person may have hundreds of
  // overdue tasks and a thousand subscriptions, and Drizzle's mapping of each field, a due date
  // parsed from text into a Date (timestamptz.ts), cost more than the rules applied to them
  // (issue 20's bench). The tasks that may be due today or overdue: pending, due before tomorrow
  // on the person's clock (decisions D6 writes the clock as UTC fields), their due dates in
  // milliseconds (extract(epoch) is exact in every year).
  const dueTasks = prepareRows<ReminderTask>(
    db,
    "notification_tasks",
    sql`SELECT id, title, (extract(epoch FROM due_date) * 1000)::float8 AS "dueMs", completed
      FROM ${tasks}
      WHERE user_id = ${sql.placeholder("userId")} AND NOT completed
        AND due_date < ${sql.placeholder("before")}::timestamptz`,
  );
  // The active subscriptions whose renewal may be in its window; the domain decides which are.
  // next_renewal_date is the roll stored on a UTC day up to today's (renewals.ts, D10): the first
  // renewal on or after that day, or an older one not rolled yet. When that day is not after the
  // person's today, their next renewal is the stored one (or the stored one has passed), so a
  // renewal in its window has next_renewal_date <= today + remind_days_before: the bell reads the
  // two dozen of a thousand that may be, not all. While the person's date is behind UTC's (an
  // evening in the Americas), a roll made on UTC's today may already have moved past a renewal
  // that is today on their clock: then every one is read (`everyOne`).
  const activeSubscriptions = prepareRows<ReminderSubscription>(
    db,
    "notification_subscriptions",
    sql`SELECT id, name, active, frequency, renewal_anchor AS "renewalAnchor",
        remind_days_before AS "remindDaysBefore"
      FROM ${subscriptions}
      WHERE user_id = ${sql.placeholder("userId")} AND active
        AND (${sql.placeholder("everyOne")}::boolean
          OR next_renewal_date <= ${sql.placeholder("today")}::date + remind_days_before)`,
  );
  const marks = prepareRows<{ key: string }>(
    db,
    "notification_reads",
    sql`SELECT key FROM ${notificationReads} WHERE user_id = ${sql.placeholder("userId")}`,
  );

  const current = async (
    { userId, timeZone, now }: PersonNow,
    { rollsSince }: { rollsSince: boolean },
  ): Promise<DueReminder[]> => {
    const today = calendarDateIn(now, timeZone);
    const before = `${addDays(today, 1)}T00:00:00.000Z`;
    // The bell asks at the request's time, when no roll can have been made on a later UTC day.
    const everyOne = rollsSince || today < utcDateAt(now.getTime());
    const [taskRows, subscriptionRows] = await Promise.all([
      dueTasks({ userId, before }),
      activeSubscriptions({ userId, today, everyOne }),
    ]);
    return dueReminders({
      nowMs: now.getTime(),
      timeZone,
      tasks: taskRows,
      subscriptions: subscriptionRows,
    });
  };

  return {
    // A morning's email may be sent a while after its morning (a retry): a roll made since may
    // have passed a renewal of that day, so every active subscription is read.
    due: (person) => current(person, { rollsSince: true }),

    async list(person) {
      const [reminders, readRows] = await Promise.all([
        current(person, { rollsSince: false }),
        marks({ userId: person.userId }),
      ]);
      const read = new Set(readRows.map((row) => row.key));
      return reminders.map((reminder) => ({ reminder, read: read.has(reminder.key) }));
    },

    async markRead(person, ids) {
      const keys = (await current(person, { rollsSince: false })).map((reminder) => reminder.key);
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
