// issue 20: the bell's reminders, worked out at each request from the person's records and clock
// (domain/due-reminders.ts), with the read marks kept per reminder occurrence. Issue 23: in a
// view, as the lists have them (db/household-scope.ts): My View's reminders are those of the
// person's own records and of the shared ones assigned to them (the bell, the morning email), the
// Family view's those of every record shared in their household; read marks stay the person's own.
import {
  type DueReminder,
  type ReminderSubscription,
  type ReminderTask,
  addDays,
  calendarDateIn,
  dueReminders,
} from "@life-admin/domain";
import type { ListView } from "@life-admin/domain/household";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { type SharableTable, type UserId, ownOrAssigned, sharedWith } from "./household-scope.js";
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
  /** My View's reminders due at `now`, newest first (the morning email's content). */
  due(person: PersonNow): Promise<DueReminder[]>;
  /** The view's reminders due now, newest first, each with whether the person has read it. */
  list(person: PersonNow, view: ListView): Promise<ReadReminder[]>;
  /**
   * Marks these of the view's current reminders read (`"all"`: every one); ids that are not one
   * of them are ignored. Marks of reminders due in neither view are dropped.
   */
  markRead(person: PersonNow, ids: readonly string[] | "all", view: ListView): Promise<void>;
}

/** The rows of a view, as household-scope.ts writes them. */
type Scope = (table: SharableTable, userId: UserId) => SQL;

const SCOPES: Record<ListView, Scope> = { mine: ownOrAssigned, family: sharedWith };

/**
 * The records whose reminders may be due, in a view. Prepared once, read as the rules take them
 * (prepared-rows.ts): a person may have hundreds of overdue tasks and a thousand subscriptions,
 * and Drizzle's mapping of each field, a due date parsed from text into a Date (timestamptz.ts),
 * cost more than the rules applied to them (issue 20's bench).
 */
function remindedRecords(db: Db, view: ListView) {
  const userId = sql.placeholder("userId");
  const scope = SCOPES[view];
  const prefix = view === "mine" ? "notification" : "notification_family";
  return {
    // The tasks that may be due today or overdue: pending, due before tomorrow on the person's
    // clock (decisions D6 writes the clock as UTC fields), their due dates in milliseconds
    // (extract(epoch) is exact in every year).
    tasks: prepareRows<ReminderTask>(
      db,
      `${prefix}_tasks`,
      sql`SELECT id, title, (extract(epoch FROM due_date) * 1000)::float8 AS "dueMs", completed
        FROM ${tasks}
        WHERE ${scope(tasks, userId)} AND NOT completed
          AND due_date < ${sql.placeholder("before")}::timestamptz`,
    ),
    // The active subscriptions whose renewal may be in its window; the domain decides which are.
    // next_renewal_date is stored as the first renewal on or after the day it was worked out on
    // (rolled_on: a renewal day, renewals.ts, D10), or an older one not rolled yet. When that day
    // is not after the person's today, their next renewal is the stored one (or the stored one has
    // passed), so a renewal in its window has next_renewal_date <= today + remind_days_before:
    // the bell reads the two dozen of a thousand that may be, not all. A row worked out on a day
    // ahead of theirs (a household member's further east; their own, in a zone they have since
    // left for one further west) may have moved past a renewal that is today on their clock: it
    // is read too.
    subscriptions: prepareRows<ReminderSubscription>(
      db,
      `${prefix}_subscriptions`,
      sql`SELECT id, name, active, frequency, repeat_interval AS "interval",
          renewal_anchor AS "renewalAnchor",
          remind_days_before AS "remindDaysBefore"
        FROM ${subscriptions}
        WHERE ${scope(subscriptions, userId)} AND active
          AND (${sql.placeholder("everyOne")}::boolean
            OR next_renewal_date <= ${sql.placeholder("today")}::date + remind_days_before
            OR rolled_on > ${sql.placeholder("today")}::date)`,
    ),
  };
}

export function notificationsOf(db: Db): Notifications {
  const records = { mine: remindedRecords(db, "mine"), family: remindedRecords(db, "family") };
  const marks = prepareRows<{ key: string }>(
    db,
    "notification_reads",
    sql`SELECT key FROM ${notificationReads} WHERE user_id = ${sql.placeholder("userId")}`,
  );
  // One statement: the marks of reminders due in neither view go, the wanted ones come. The keys
  // travel as JSON (as the reminder ledger's do): a household's "mark all read" may mark more
  // than the 65,535 parameters a statement can have.
  const mark = prepareRows(
    db,
    "notification_mark_read",
    sql`WITH gone AS (
        DELETE FROM ${notificationReads}
        WHERE user_id = ${sql.placeholder("userId")}
          AND key NOT IN (SELECT json_array_elements_text(${sql.placeholder("current")}::json))
      )
      INSERT INTO ${notificationReads} (user_id, key, read_at)
      SELECT ${sql.placeholder("userId")}::integer, wanted.key, ${sql.placeholder("now")}::timestamptz
      FROM json_array_elements_text(${sql.placeholder("wanted")}::json) AS wanted (key)
      ON CONFLICT DO NOTHING`,
  );

  const current = async (
    { userId, timeZone, now }: PersonNow,
    view: ListView,
    { rollsSince }: { rollsSince: boolean },
  ): Promise<DueReminder[]> => {
    const today = calendarDateIn(now, timeZone);
    const before = `${addDays(today, 1)}T00:00:00.000Z`;
    const [taskRows, subscriptionRows] = await Promise.all([
      records[view].tasks({ userId, before }),
      // The bell asks at the request's time: what was rolled on a later day than the person's
      // today is read by its rolled_on. An email may be sent after its morning: every one is read.
      records[view].subscriptions({ userId, today, everyOne: rollsSince }),
    ]);
    return dueReminders({
      nowMs: now.getTime(),
      timeZone,
      tasks: taskRows,
      subscriptions: subscriptionRows,
    });
  };
  const keysOf = async (person: PersonNow, view: ListView) =>
    (await current(person, view, { rollsSince: false })).map((reminder) => reminder.key);

  return {
    // A morning's email may be sent a while after its morning (a retry): a roll made since may
    // have passed a renewal of that day, so every active subscription is read.
    due: (person) => current(person, "mine", { rollsSince: true }),

    async list(person, view) {
      const [reminders, readRows] = await Promise.all([
        current(person, view, { rollsSince: false }),
        marks({ userId: person.userId }),
      ]);
      const read = new Set(readRows.map((row) => row.key));
      return reminders.map((reminder) => ({ reminder, read: read.has(reminder.key) }));
    },

    async markRead(person, ids, view) {
      // A reminder may be in both views (a shared record of the person's own), and a mark made in
      // one view must outlive a "mark all read" in the other: what is current is either view's.
      const [mine, family] = await Promise.all([keysOf(person, "mine"), keysOf(person, "family")]);
      const keys = view === "mine" ? mine : family;
      const asked = ids === "all" ? null : new Set(ids);
      const wanted = asked === null ? keys : keys.filter((key) => asked.has(key));
      await mark({
        userId: person.userId,
        now: person.now.toISOString(),
        current: JSON.stringify([...new Set([...mine, ...family])]),
        wanted: JSON.stringify(wanted),
      });
    },
  };
}
