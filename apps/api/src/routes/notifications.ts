// issue 20: the bell. GET /notifications/ answers the person's reminders due now (renewals within
// their reminder window, tasks due today or overdue), worked out from their records at the
// request, in their time zone; POST /notifications/read marks some or all of them read. Issue 23:
// in the header's view, as the lists (db/notifications.ts says which records each holds).
import { notificationOf } from "@life-admin/domain";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { notificationsOf } from "../db/notifications.js";
import type { AppDeps } from "../deps.js";
import { sendJson } from "../http/list-cache.js";
import { noContent, ok, signedInRoutes } from "../http/route-group.js";
import { Notification, NotificationsRead } from "../http/schemas.js";
import { ViewParameter } from "./view-lists.js";

// Issue 23: "mine" (the default): the reminders of the person's own records and of those assigned
// to them; "family": those of every record shared in their household (none when in no household).
const ViewQuery = z.object({ view: ViewParameter });

export function notificationRoutes(deps: AppDeps) {
  const routes = signedInRoutes("notifications", requireUser(deps.tokens));
  const notifications = notificationsOf(deps.database.db);

  routes.get(
    "/notifications/",
    {
      summary: "The signed-in user's reminders due now, newest first",
      description:
        "A renewal from remind_days_before days ahead until its day has passed (active " +
        "subscriptions only); a pending task on its due day (task_due) and once its time has " +
        "passed (task_overdue); by the days of the user's time_zone. Each has an id of its own " +
        "occurrence: the December renewal's reminder is not January's. view=mine (the default): " +
        "the reminders of the user's own tasks and subscriptions and of those assigned to them; " +
        "view=family: those of every task and subscription shared in the user's household. " +
        "`read` is the user's own mark in either view.",
      query: ViewQuery,
      answer: ok(z.array(Notification), "The reminders"),
    },
    async ({ c, user, query: { view = "mine" } }) => {
      const person = { userId: user.id, timeZone: user.timeZone, now: deps.now() };
      const list = await notifications.list(person, view);
      const answer: z.output<typeof Notification>[] = list.map(({ reminder, read }) =>
        notificationOf(reminder, read),
      );
      // A household's bell held 632 reminders, 122 kB of JSON (issue 23's bench): gzipped for
      // a browser, as the lists are.
      return sendJson(c, JSON.stringify(answer));
    },
  );

  routes.post(
    "/notifications/read",
    {
      summary: "Mark reminders read",
      description:
        '`{"ids": [...]}`: these of the view\'s reminders due now (other ids are ignored); ' +
        '`{"all": true}`: every one of the view\'s reminders due now. view as in GET ' +
        "/notifications/ (default mine); marks made in the other view are kept.",
      query: ViewQuery,
      body: NotificationsRead,
      answer: noContent("Marked"),
    },
    async ({ user, query: { view = "mine" }, body }) => {
      const person = { userId: user.id, timeZone: user.timeZone, now: deps.now() };
      await notifications.markRead(person, "all" in body ? "all" : body.ids, view);
      return {};
    },
  );

  return routes.app;
}
