// spec 7: GET /subscriptions/ (optional frequency and priority filters) and POST
// /subscriptions/, always scoped to the signed-in user (decisions D4).
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { Subscription as SubscriptionBody } from "@life-admin/domain";
import { and, asc, eq, type SQL } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { subscriptions, type SubscriptionRow } from "../db/schema.js";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { createCreateRoute } from "../http/create-route.js";
import { jsonBody } from "../http/json-body.js";
import { answerList } from "../http/list-cache.js";
import { queryParameters } from "../http/json-schema.js";
import {
  Frequency,
  Priority,
  Subscription,
  SubscriptionCreate,
  errorResponses,
  json,
} from "../http/schemas.js";
import { valid } from "../http/validate.js";

export function toSubscriptionBody(row: SubscriptionRow): SubscriptionBody {
  return {
    id: row.id,
    name: row.name,
    cost: row.cost,
    frequency: row.frequency,
    next_renewal_date: row.nextRenewalDate,
    remind_days_before: row.remindDaysBefore,
    priority: row.priority,
    cancel_link: row.cancelLink,
  };
}

// spec 7: each filter is applied only when given; an unknown value is a 422.
const ListQuery = z.object({
  frequency: z.optional(Frequency),
  priority: z.optional(Priority),
});

export function subscriptionRoutes(deps: AppDeps) {
  const auth = requireUser(deps.tokens);
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;

  const list = createRoute({
    method: "get",
    path: "/subscriptions/",
    tags: ["subscriptions"],
    summary: "The signed-in user's subscriptions, next renewal first",
    security: [{ bearerAuth: [] }],
    parameters: queryParameters(ListQuery),
    responses: {
      200: { description: "The subscriptions", content: json(z.array(Subscription)) },
      ...errorResponses.unauthorized,
      ...errorResponses.validation,
      ...errorResponses.unavailable,
    },
  });
  app.openAPIRegistry.registerPath(list);
  app.get(list.path, auth, valid("query", ListQuery), async (c) => {
    const { frequency, priority } = c.req.valid("query");
    const filters = `frequency=${frequency ?? ""}&priority=${priority ?? ""}`;
    return answerList(c, deps.lists, `subscriptions?${filters}`, async () => {
      const where: SQL[] = [eq(subscriptions.userId, c.get("user").id)];
      if (frequency !== undefined) where.push(eq(subscriptions.frequency, frequency));
      if (priority !== undefined) where.push(eq(subscriptions.priority, priority));
      const rows = await db
        .select()
        .from(subscriptions)
        .where(and(...where))
        .orderBy(asc(subscriptions.nextRenewalDate), asc(subscriptions.id));
      return JSON.stringify(rows.map(toSubscriptionBody));
    });
  });

  const create = createCreateRoute({
    path: "/subscriptions/",
    tag: "subscriptions",
    summary: "Create a subscription",
    body: SubscriptionCreate,
    result: Subscription,
    description: "The created subscription",
  });
  app.openAPIRegistry.registerPath(create);
  app.post(create.path, auth, jsonBody(), valid("json", SubscriptionCreate), async (c) => {
    const input = c.req.valid("json");
    const [row] = await db
      .insert(subscriptions)
      .values({
        userId: c.get("user").id,
        name: input.name,
        cost: input.cost,
        frequency: input.frequency,
        nextRenewalDate: input.next_renewal_date,
        remindDaysBefore: input.remind_days_before,
        priority: input.priority,
        cancelLink: input.cancel_link ?? null,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return c.json(toSubscriptionBody(row), 201);
  });

  return app;
}
