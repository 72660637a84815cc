// decisions D10: subscriptions renew by themselves. An active subscription's next renewal is never
// before today: the person's renewal day (domain renewalDay: their date in their time zone). It
// is the first renewal on or after that day, rolled forward from the date the person entered
// (renewal_anchor) by the domain's rule (renewalOnOrAfter, never from the previous renewal). A
// paused one keeps its date.
//
// The lists are written as JSON by the database (db/json-fields.ts), sorted and filtered there,
// so the roll is stored: a list first rolls the user's passed renewals forward (rollForward), then
// reads. The write goes through the lists_revision trigger like any other, and the kept list
// answers are kept per renewal day as well (routes/subscriptions.ts), so an answer kept yesterday
// is never sent today. The day a roll was made on is stored with it (rolled_on): a household
// member whose day is ahead may roll past a renewal that is still today for another. The stored
// roll never decides what another sees: their lists answer such a row by their own day
// (rolledAhead), and their bell reads it (db/notifications.ts). One row's answer is worked out from
// the row (shownRenewal): every process answers the same, from the database and the date alone.
import { type IsoDate, renewalOnOrAfter } from "@life-admin/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { type SubscriptionRow, subscriptions } from "./schema.js";

type Schedule = Pick<
  SubscriptionRow,
  "active" | "renewalAnchor" | "frequency" | "interval" | "nextRenewalDate"
>;

/** The next renewal a subscription shows on `today`: rolled forward if active, as kept if paused. */
export function shownRenewal(row: Schedule, today: IsoDate): IsoDate {
  return row.active ? renewalOnOrAfter(row.renewalAnchor, row, today) : row.nextRenewalDate;
}

/** `row` as it is answered on `today`. */
export function asShownOn<Row extends Schedule>(row: Row, today: IsoDate): Row {
  return { ...row, nextRenewalDate: shownRenewal(row, today) };
}

/**
 * Stores the roll of every active subscription among `rows` (a condition on subscriptions: the
 * ones a list shows) whose next renewal has passed. Each row is written only while it is still as
 * read (a concurrent edit's own roll stands) and the rows are locked in the order of their ids, so
 * that two rolls at once cannot deadlock.
 */
export async function rollForward(db: Db, rows: SQL, today: IsoDate): Promise<void> {
  const passed = await db
    .select({
      id: subscriptions.id,
      anchor: subscriptions.renewalAnchor,
      frequency: subscriptions.frequency,
      interval: subscriptions.interval,
    })
    .from(subscriptions)
    .where(
      sql`${rows} and ${subscriptions.active}
        and ${subscriptions.nextRenewalDate} < ${today}::date`,
    )
    .orderBy(subscriptions.id);
  if (passed.length === 0) return;
  const rolls = passed.map((row) => ({
    ...row,
    next: renewalOnOrAfter(row.anchor, row, today),
  }));
  await db.execute(sql`
    update ${subscriptions} s set next_renewal_date = r.next, rolled_on = ${today}::date
    from json_to_recordset(${JSON.stringify(rolls)}::json)
      as r(id integer, anchor date, frequency text, interval integer, next date)
    where s.id = r.id and s.renewal_anchor = r.anchor and s.frequency = r.frequency
      and s.repeat_interval = r.interval
      and s.id in (
        select id from ${subscriptions}
        where ${rows} and active and next_renewal_date < ${today}::date
        order by id
        for update
      )`);
}

/**
 * The rows among `rows` whose stored roll was made on a day after `today` (a household member's
 * further east, or the person's own before they moved west): the active ones' renewals as `today`
 * shows them, as the JSON text of [{id, next}] (renewalsInstead), for a list to answer instead of
 * the stored ones. Usually none: only in the hours when two members' dates differ.
 */
export async function rolledAhead(db: Db, rows: SQL, today: IsoDate): Promise<string> {
  const ahead = await db
    .select({
      id: subscriptions.id,
      active: subscriptions.active,
      renewalAnchor: subscriptions.renewalAnchor,
      frequency: subscriptions.frequency,
      interval: subscriptions.interval,
      nextRenewalDate: subscriptions.nextRenewalDate,
    })
    .from(subscriptions)
    .where(sql`${rows} and ${subscriptions.active} and ${subscriptions.rolledOn} > ${today}::date`);
  return JSON.stringify(ahead.map((row) => ({ id: row.id, next: shownRenewal(row, today) })));
}

/**
 * How a list statement answers `rolledAhead`'s renewals: its rows left-joined (`join` on `on`) to
 * that JSON, held by the statement's placeholder `renewalsInstead`, and each row's renewal date
 * as shown (`date`): the one answered instead, else the stored one.
 */
export const renewalsInstead = {
  join: sql`json_to_recordset(${sql.placeholder("renewalsInstead")}::json)
    as shown_instead(id integer, next date)`,
  on: sql`shown_instead.id = ${subscriptions.id}`,
  date: sql<string>`coalesce(shown_instead.next, ${subscriptions.nextRenewalDate})`,
};

/** What an edit may send that bears on the renewal date (PATCH /subscriptions/{subscription_id}). */
export interface ScheduleEdit {
  next_renewal_date?: IsoDate | undefined;
  frequency?: SubscriptionRow["frequency"] | undefined;
  interval?: number | undefined;
  active?: boolean | undefined;
}

/**
 * The schedule after an edit, on `today`. A date, frequency or interval that differs from the one shown
 * starts again from the date (the one sent, or else the one shown); the same values sent again
 * (an edit form sends every field) keep the anchor, so that a renewal that came from 31 January to
 * 28 February still goes on to 31 March. Pausing keeps the date shown; resuming rolls forward
 * from the anchor.
 */
export function editedSchedule(
  row: Schedule,
  edit: ScheduleEdit,
  today: IsoDate,
): Pick<
  SubscriptionRow,
  "renewalAnchor" | "nextRenewalDate" | "frequency" | "interval" | "active" | "rolledOn"
> {
  const shown = shownRenewal(row, today);
  const date = edit.next_renewal_date ?? shown;
  const frequency = edit.frequency ?? row.frequency;
  const interval = edit.interval ?? row.interval;
  const active = edit.active ?? row.active;
  const restarted = date !== shown || frequency !== row.frequency || interval !== row.interval;
  const renewalAnchor = restarted ? date : row.renewalAnchor;
  return {
    renewalAnchor,
    frequency,
    interval,
    active,
    nextRenewalDate: active
      ? renewalOnOrAfter(renewalAnchor, { frequency, interval }, today)
      : date,
    rolledOn: today,
  };
}
