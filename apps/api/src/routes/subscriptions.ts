// spec 7: GET /subscriptions/ (optional frequency and priority filters) and POST
// /subscriptions/; issue 18: one subscription read, edited (paused, resumed), deleted, and the
// totals of the active ones (decisions D10). Always scoped to the signed-in user (decisions D4):
// their own, and (issue 23, decisions D16) those shared into their household, which the member
// one is assigned to may also edit (db/household-scope.ts).
import {
  type IsoDate,
  renewalDay,
  renewalOnOrAfter,
  subscriptionTotals,
  totalsAnswer,
} from "@life-admin/domain";
import type {
  SubscriptionCreateWithSharing as SubscriptionCreateBody,
  SubscriptionUpdateWithSharing as SubscriptionUpdateBody,
} from "@life-admin/domain/household";
import { type SQL, and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { preparedInsertWhere } from "../db/insert-one.js";
import { linkingOwnFile } from "../db/file-links.js";
import { jsonFields } from "../db/json-fields.js";
import { type UserId, householdAccess, ownOrAssigned, sharedWith } from "../db/household-scope.js";
import { deleteOwnRecord, findOwnRecord, ownRecord } from "../db/own-records.js";
import {
  asShownOn,
  editedSchedule,
  renewalsInstead,
  rollForward,
  rolledAhead,
} from "../db/renewals.js";
import { subscriptions } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { ViewParameter, answerViewList } from "./view-lists.js";
import { pathId } from "../http/path-ids.js";
import { created, noContent, ok, signedInRoutes } from "../http/route-group.js";
import { ROW_CAP_REFUSAL, rowCap } from "../http/row-caps.js";
import {
  Frequency,
  Priority,
  Subscription,
  SubscriptionCreate,
  SubscriptionTotals,
  SubscriptionUpdate,
} from "../http/schemas.js";

const subscriptionJson = jsonFields(subscriptions, {
  id: subscriptions.id,
  name: subscriptions.name,
  cost: subscriptions.cost,
  frequency: subscriptions.frequency,
  interval: subscriptions.interval,
  next_renewal_date: subscriptions.nextRenewalDate,
  remind_days_before: subscriptions.remindDaysBefore,
  priority: subscriptions.priority,
  cancel_link: subscriptions.cancelLink,
  active: subscriptions.active,
  file_id: subscriptions.fileId,
  // decisions D9, D10: the date renewals roll forward from, read-only.
  repeats_from: subscriptions.renewalAnchor,
  owner_id: subscriptions.userId,
  shared: subscriptions.shared,
  assignee_id: subscriptions.assigneeId,
});

const SubscriptionId = z.object({ subscription_id: pathId("The subscription's id") });

// spec 7: each filter is applied only when given; an unknown value is a 422.
const ListQuery = z.object({
  frequency: z.optional(Frequency),
  priority: z.optional(Priority),
  view: ViewParameter,
});
const TotalsQuery = z.object({ view: ViewParameter });

/** `column = value` when the filter's placeholder holds a value; true when it is null. */
function filter(column: typeof subscriptions.frequency | typeof subscriptions.priority) {
  const value = sql.placeholder(column.name);
  return sql`(${value}::text IS NULL OR ${column} = ${value})`;
}

/**
 * The row a new subscription is stored as: the date entered is the anchor, and an active one's
 * next renewal is the first on or after today (decisions D10).
 */
function newSubscription(
  userId: number,
  body: SubscriptionCreateBody,
  today: IsoDate,
): typeof subscriptions.$inferInsert {
  const entered = body.next_renewal_date;
  return {
    userId,
    name: body.name,
    cost: body.cost,
    frequency: body.frequency,
    interval: body.interval,
    nextRenewalDate: body.active ? renewalOnOrAfter(entered, body, today) : entered,
    remindDaysBefore: body.remind_days_before,
    priority: body.priority,
    cancelLink: body.cancel_link ?? null,
    active: body.active,
    renewalAnchor: entered,
    rolledOn: today,
    fileId: body.file_id ?? null,
  };
}

/** The columns an edit sets besides the schedule (editedSchedule). */
function fieldsOf(body: SubscriptionUpdateBody): Partial<typeof subscriptions.$inferInsert> {
  return {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.cost === undefined ? {} : { cost: body.cost }),
    ...(body.priority === undefined ? {} : { priority: body.priority }),
    ...(body.remind_days_before === undefined ? {} : { remindDaysBefore: body.remind_days_before }),
    ...(body.cancel_link === undefined ? {} : { cancelLink: body.cancel_link }),
    ...(body.file_id === undefined ? {} : { fileId: body.file_id }),
    ...(body.shared === undefined ? {} : { shared: body.shared }),
    ...(body.assignee_id === undefined ? {} : { assigneeId: body.assignee_id }),
  };
}

export function subscriptionRoutes(deps: AppDeps) {
  const routes = signedInRoutes("subscriptions", requireUser(deps.tokens));
  const { db } = deps.database;
  const cap = rowCap("subscriptions", deps.config.rowCaps.subscriptions);
  const insertSubscription = preparedInsertWhere(
    db,
    subscriptions,
    "insert_subscription",
    cap.allows,
  );
  const NOT_FOUND = "Subscription not found";
  /** decisions D10: the person's renewal day, by the API's clock (domain renewalDay). */
  const today = ({ timeZone }: { timeZone: string }) => renewalDay(deps.now(), timeZone);

  const household = householdAccess(db, subscriptions, "subscription");
  /**
   * A view's list, prepared once for every combination of filters: the subscriptions among
   * `rowsOf(user)` as the JSON text sent, their passed renewals rolled forward first, each renewal
   * as the user's today shows it.
   */
  const listing = (rowsOf: (userId: UserId) => SQL, name: string) => {
    const shown = renewalsInstead.date;
    const statement = db
      .select({
        json: subscriptionJson.arraySql(sql`${shown}, ${subscriptions.id}`, {
          next_renewal_date: shown,
        }),
      })
      .from(subscriptions)
      .leftJoin(renewalsInstead.join, renewalsInstead.on)
      .where(
        and(
          rowsOf(sql.placeholder("userId")),
          filter(subscriptions.frequency),
          filter(subscriptions.priority),
        ),
      )
      .prepare(name);
    return async (
      userId: number,
      on: IsoDate,
      frequency: string | null,
      priority: string | null,
    ) => {
      await rollForward(db, rowsOf(userId), on);
      // decisions D10: what a member further east rolled is still answered by the person's today.
      const instead = await rolledAhead(db, rowsOf(userId), on);
      const [result] = await statement.execute({
        userId,
        frequency,
        priority,
        renewalsInstead: instead,
      });
      return result?.json ?? "[]";
    };
  };
  const listMine = listing((userId) => ownOrAssigned(subscriptions, userId), "list_subscriptions");
  const listFamily = listing(
    (userId) => sharedWith(subscriptions, userId),
    "list_family_subscriptions",
  );

  routes.get(
    "/subscriptions/",
    {
      summary: "The signed-in user's subscriptions, next renewal first",
      query: ListQuery,
      answer: ok(z.array(Subscription), "The subscriptions"),
    },
    ({ c, user, query: { frequency = null, priority = null, view = "mine" } }) => {
      // decisions D10: an answer is kept for one renewal day at most: one kept yesterday could
      // show a renewal that has passed since. A day's first list rolls the passed ones forward.
      const on = today(user);
      const list = `subscriptions?frequency=${frequency ?? ""}&priority=${priority ?? ""} on ${on}`;
      return answerViewList(c, deps, view, list, {
        mine: () => listMine(user.id, on, frequency, priority),
        family: () => listFamily(user.id, on, frequency, priority),
      });
    },
  );

  routes.post(
    "/subscriptions/",
    {
      summary: "Create a subscription",
      body: SubscriptionCreate,
      answer: created(Subscription, "The created subscription"),
      refusals: ROW_CAP_REFUSAL,
    },
    async ({ user, body }) => {
      const values = {
        ...newSubscription(user.id, body, today(user)),
        ...(await household.newSharing(user.id, body)),
      };
      const row = await linkingOwnFile(() =>
        insertSubscription(values, { userId: user.id, assigneeId: values.assigneeId }),
      );
      if (row === null) throw cap.reached();
      return subscriptionJson.of(row);
    },
  );

  // Before /subscriptions/{subscription_id}, so that "totals" is never read as an id.
  routes.get(
    "/subscriptions/totals",
    {
      summary: "What the active subscriptions cost per month and per year",
      description:
        "In the currency's units with two decimals, summed exactly in cents: Daily x 365 / 12, " +
        "Weekly x 52 / 12, Monthly x 1 and Yearly / 12 a month, each over its interval (every 3 " +
        "months is a third of Monthly); paused subscriptions are left out. " +
        "view=mine (the default): the subscriptions of GET /subscriptions/; view=family: those " +
        "shared in the user's household.",
      query: TotalsQuery,
      answer: ok(SubscriptionTotals, "The totals"),
    },
    async ({ user, query: { view = "mine" } }) => {
      const rows = await db
        .select({
          cost: subscriptions.cost,
          frequency: subscriptions.frequency,
          interval: subscriptions.interval,
        })
        .from(subscriptions)
        .where(
          and(
            view === "mine"
              ? ownOrAssigned(subscriptions, user.id)
              : sharedWith(subscriptions, user.id),
            eq(subscriptions.active, true),
          ),
        );
      return totalsAnswer(subscriptionTotals(rows));
    },
  );

  routes.get(
    "/subscriptions/{subscription_id}",
    {
      summary: "One of the signed-in user's subscriptions",
      description:
        "An active subscription's next_renewal_date is never before today: the person's date in " +
        "their time_zone. A date that has passed is rolled forward from the date entered. A " +
        "paused one keeps its date.",
      params: SubscriptionId,
      answer: ok(Subscription, "The subscription"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => {
      const row = await household.findReadable(params.subscription_id, user.id);
      return row && subscriptionJson.of(asShownOn(row, today(user)));
    },
  );

  routes.patch(
    "/subscriptions/{subscription_id}",
    {
      summary: "Edit, pause or resume a subscription",
      description:
        "Any field of a create, by the same rules, and active; a field left out stays as it is, " +
        "and cancel_link and file_id may be cleared with null. An empty body changes nothing. A renewal date, " +
        "frequency or interval that differs from the subscription's starts its renewals again from that " +
        "date; a paused subscription keeps its date, a resumed one rolls forward from it.",
      params: SubscriptionId,
      body: SubscriptionUpdate,
      answer: ok(Subscription, "The subscription as edited"),
      notFound: NOT_FOUND,
    },
    async ({ user, params, body }) => {
      const on = today(user);
      const id = params.subscription_id;
      /** The edit of `ownerId`'s subscription: the row as edited, or null when they have none. */
      const editAs = async (ownerId: number, edit: SubscriptionUpdateBody) => {
        const mine = ownRecord(subscriptions, id, ownerId);
        if (Object.keys(edit).length === 0) {
          // Nothing to change: no write, so the lists kept for the user stay good.
          const row = await findOwnRecord(db, subscriptions, id, ownerId);
          return row && asShownOn(row, on);
        }
        // The new schedule depends on the stored one: read and write it under the row's lock.
        return linkingOwnFile(() =>
          db.transaction(async (tx) => {
            const [stored] = await tx.select().from(subscriptions).where(mine).for("update");
            if (stored === undefined) return null;
            const [edited] = await tx
              .update(subscriptions)
              .set({ ...fieldsOf(edit), ...editedSchedule(stored, edit, on) })
              .where(eq(subscriptions.id, stored.id))
              .returning();
            return edited ?? null;
          }),
        );
      };
      const row = await household.edit(id, user.id, body, editAs);
      return row === null ? null : subscriptionJson.of(row);
    },
  );

  routes.delete(
    "/subscriptions/{subscription_id}",
    {
      summary: "Delete a subscription",
      params: SubscriptionId,
      answer: noContent("Deleted"),
      notFound: NOT_FOUND,
    },
    async ({ user, params }) => {
      if (await deleteOwnRecord(db, subscriptions, params.subscription_id, user.id)) return true;
      return household.ownerOnly(params.subscription_id, user.id, "deletion");
    },
  );

  return routes.app;
}
