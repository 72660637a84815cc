// spec 7: GET /subscriptions/ (optional frequency and priority filters) and POST
// /subscriptions/, always scoped to the signed-in user (decisions D4).
import type { SubscriptionCreate as SubscriptionCreateBody } from "@life-admin/domain";
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { insertOneWhere } from "../db/insert-one.js";
import { jsonFields } from "../db/json-fields.js";
import { subscriptions } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { answerList } from "../http/list-cache.js";
import { created, ok, signedInRoutes } from "../http/route-group.js";
import { ROW_CAP_REFUSAL, rowCap } from "../http/row-caps.js";
import { Frequency, Priority, Subscription, SubscriptionCreate } from "../http/schemas.js";

const subscriptionJson = jsonFields(subscriptions, {
  id: subscriptions.id,
  name: subscriptions.name,
  cost: subscriptions.cost,
  frequency: subscriptions.frequency,
  next_renewal_date: subscriptions.nextRenewalDate,
  remind_days_before: subscriptions.remindDaysBefore,
  priority: subscriptions.priority,
  cancel_link: subscriptions.cancelLink,
});

// spec 7: each filter is applied only when given; an unknown value is a 422.
const ListQuery = z.object({
  frequency: z.optional(Frequency),
  priority: z.optional(Priority),
});

/** `column = value` when the filter's placeholder holds a value; true when it is null. */
function filter(column: typeof subscriptions.frequency | typeof subscriptions.priority) {
  const value = sql.placeholder(column.name);
  return sql`(${value}::text IS NULL OR ${column} = ${value})`;
}

/** The row a new subscription is stored as. */
function newSubscription(
  userId: number,
  body: SubscriptionCreateBody,
): typeof subscriptions.$inferInsert {
  return {
    userId,
    name: body.name,
    cost: body.cost,
    frequency: body.frequency,
    nextRenewalDate: body.next_renewal_date,
    remindDaysBefore: body.remind_days_before,
    priority: body.priority,
    cancelLink: body.cancel_link ?? null,
  };
}

export function subscriptionRoutes(deps: AppDeps) {
  const routes = signedInRoutes("subscriptions", requireUser(deps.tokens));
  const { db } = deps.database;
  const cap = rowCap("subscriptions", deps.config.rowCaps.subscriptions);

  // Prepared once for every combination of filters: the user's subscriptions as the JSON text sent.
  const listJson = db
    .select({
      json: subscriptionJson.arraySql(sql`${subscriptions.nextRenewalDate}, ${subscriptions.id}`),
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder("userId")),
        filter(subscriptions.frequency),
        filter(subscriptions.priority),
      ),
    )
    .prepare("list_subscriptions");

  routes.get(
    "/subscriptions/",
    {
      summary: "The signed-in user's subscriptions, next renewal first",
      query: ListQuery,
      answer: ok(z.array(Subscription), "The subscriptions"),
    },
    ({ c, user, query: { frequency = null, priority = null } }) => {
      const list = `subscriptions?frequency=${frequency ?? ""}&priority=${priority ?? ""}`;
      return answerList(c, deps.lists, list, async () => {
        const [result] = await listJson.execute({ userId: user.id, frequency, priority });
        return result?.json ?? "[]";
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
      const values = newSubscription(user.id, body);
      const row = await insertOneWhere(db, subscriptions, values, cap.allows(user.id));
      if (row === null) throw cap.reached();
      return subscriptionJson.of(row);
    },
  );

  return routes.app;
}
