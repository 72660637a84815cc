// decisions D11, issue 19: the private calendar feed. Signed in, a person gets (and makes on first
// use) their feed's secret address, rotates it, and says when they have added it to a calendar;
// a calendar app, which cannot send a header, fetches GET /calendar/{token}.ics with the secret
// in the path. One task downloads as an .ics file of its own.
import { createRoute } from "@hono/zod-openapi";
import { type IsoDate, renewalDay } from "@life-admin/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod/mini";
import type { AppEnv } from "../app-env.js";
import { requireUser } from "../auth/require-user.js";
import { type FeedContent, feedIcs, taskIcs } from "../calendar/feed-ics.js";
import { type FeedRow, calendarFeedsOf } from "../db/calendar-feeds.js";
import { householdAccess, ownOrAssigned } from "../db/household-scope.js";
import { shownRenewal } from "../db/renewals.js";
import { subscriptions, tasks } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { attachmentDisposition } from "../files/file-names.js";
import { pathParameters } from "../http/json-schema.js";
import { listAnswer, sendAnswer } from "../http/list-cache.js";
import { currencyOfAcceptLanguage } from "../http/locale-currency.js";
import { pathId } from "../http/path-ids.js";
import { ok, okAs, publicRoutes, signedInRoutes } from "../http/route-group.js";
import { CalendarFeed, CalendarFeedUpdate, HttpError, json } from "../http/schemas.js";

const ICS_TYPE = "text/calendar; charset=utf-8";
const FEED_NOT_FOUND = "Calendar feed not found";
/** Changes when what the feed says about the same rows changes (a new release's format). */
const FEED_FORMAT = 3;

const TaskId = z.object({ task_id: pathId("The task's id") });
const FeedToken = z.object({ token: z.string() });

/** Letters with their accents and digits, in any script; what else the title holds is not kept. */
const NOT_A_LETTER = /[^\p{L}\p{M}\p{N}\s_-]/gu;
const ICS_NAME_LENGTH = 60;

/**
 * "task-title.ics": the download's file name, from the title's letters and digits in any script,
 * as written ("年金の手続き.ics", "steuererklärung-für-großeltern.ics"): the header carries it in
 * UTF-8 (attachmentDisposition), so nothing is folded to ASCII.
 */
export function icsFileName(title: string): string {
  const words = title
    .normalize("NFC")
    .replace(NOT_A_LETTER, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
  // Cut by whole characters as a person sees them: never a letter from its accent.
  let slug = "";
  for (const { segment } of new Intl.Segmenter().segment(words)) {
    if (slug.length + segment.length > ICS_NAME_LENGTH) break;
    slug += segment;
  }
  slug = slug.replace(/-+$/, "");
  return `${slug === "" ? "task" : slug}.ics`;
}

export function calendarRoutes(deps: AppDeps) {
  const routes = signedInRoutes("calendar", requireUser(deps.tokens));
  const { db } = deps.database;
  const feeds = calendarFeedsOf(db, deps.feedTokens);
  const household = householdAccess(db, tasks, "task");
  const api = new URL(deps.config.publicApiUrl);
  const host = api.hostname;
  /** decisions D10: the feed's person's renewal day (domain renewalDay). */
  const today = (timeZone: string): IsoDate => renewalDay(deps.now(), timeZone);

  /** The feed as the person sees it in the app. */
  const answerOf = (feed: FeedRow) => {
    const path = `/calendar/${deps.feedTokens.tokenOf(feed.secret)}.ics`;
    const url = new URL(path, api).href;
    const lastFetched = feed.lastFetchedAt?.toISOString() ?? null;
    return {
      url,
      webcal_url: url.replace(/^https?:/, "webcal:"),
      connected: feed.connectedAt !== null || lastFetched !== null,
      last_fetched_at: lastFetched,
    };
  };

  // Prepared once: every fetch of a feed reads the person's pending tasks and their active
  // subscriptions, with (issue 23) the shared ones assigned to them: what My View holds. A write to
  // a record assigned to the person moves their lists_revision (migration 0012), the feed's ETag.
  const userId = sql.placeholder("userId");
  const feedTasks = db
    .select()
    .from(tasks)
    .where(and(ownOrAssigned(tasks, userId), eq(tasks.completed, false)))
    .prepare("feed_tasks");
  const feedSubscriptions = db
    .select()
    .from(subscriptions)
    .where(and(ownOrAssigned(subscriptions, userId), eq(subscriptions.active, true)))
    .prepare("feed_subscriptions");

  const contentOf = async (
    userId: number,
    day: IsoDate,
    currency: string,
    timeZone: string,
  ): Promise<FeedContent> => {
    const [taskRows, subscriptionRows] = await Promise.all([
      feedTasks.execute({ userId }),
      feedSubscriptions.execute({ userId }),
    ]);
    return {
      host,
      currency,
      timeZone,
      tasks: taskRows,
      subscriptions: subscriptionRows.map((row) => ({
        ...row,
        nextRenewalDate: shownRenewal(row, day),
      })),
    };
  };

  routes.get(
    "/calendar/feed",
    {
      summary: "The signed-in user's private calendar feed (made on first use)",
      description:
        "The feed's secret address for calendar apps: `url`, and `webcal_url` for apps that " +
        "subscribe on opening it. Whoever has the address can read the calendar (tasks and " +
        "renewals, nothing about the person); rotate it if it was shared by mistake.",
      answer: ok(CalendarFeed, "The feed"),
    },
    async ({ user }) => answerOf(await feeds.of(user.id)),
  );

  routes.patch(
    "/calendar/feed",
    {
      summary: "Say whether the feed has been added to a calendar",
      description:
        "`connected: true` when the person has added the feed to a calendar app, so that the " +
        "app stops offering it after each save; `false` offers it again.",
      body: CalendarFeedUpdate,
      answer: ok(CalendarFeed, "The feed"),
    },
    async ({ user, body }) =>
      answerOf(await feeds.setConnected(user.id, body.connected, deps.now())),
  );

  routes.post(
    "/calendar/feed/rotate",
    {
      summary: "Give the feed a new secret address",
      description:
        "The old address answers 404 from now on; calendar apps subscribed to it must be given " +
        "the new one.",
      answer: ok(CalendarFeed, "The feed at its new address"),
    },
    async ({ user }) => answerOf(await feeds.rotate(user.id)),
  );

  routes.get(
    "/tasks/{task_id}/ics",
    {
      summary: "One task as an iCalendar file",
      description:
        "The task's event as in the calendar feed (same UID), as a download (`text/calendar`): " +
        "any task GET /tasks/{task_id} answers, one shared in the user's household too.",
      params: TaskId,
      answer: okAs("text/calendar", "The task's .ics file"),
      notFound: "Task not found",
    },
    async ({ c, user, params }) => {
      // Issue 23: any task the person may read by id (GET /tasks/{task_id}), shared ones too.
      const task = await household.findReadable(params.task_id, user.id);
      if (task === null) return null;
      return c.body(taskIcs(host, task, user.timeZone), 200, {
        "Content-Type": ICS_TYPE,
        "Content-Disposition": attachmentDisposition(icsFileName(task.title)),
        "Cache-Control": "no-store",
      });
    },
  );

  // The feed itself: registered by hand, because its path ends in ".ics" after the token, which
  // Hono's router reads only as a pattern (`:file{...}`), not as `{token}.ics`.
  const publicApp = publicRoutes("calendar").app;
  publicApp.openAPIRegistry.registerPath(
    createRoute({
      method: "get",
      path: "/calendar/{token}.ics",
      tags: ["calendar"],
      summary: "A calendar feed, for calendar apps (no header: the token in the path is the key)",
      description:
        "Every pending task (recurring ones with their RRULE) and every active subscription's " +
        "renewal (all day, with an alarm remind_days_before days ahead) of the person's own and " +
        "of those shared in their household and assigned to them, as iCalendar " +
        "(RFC 5545). Answers 304 to a matching If-None-Match. Unknown token: 404.",
      parameters: pathParameters(FeedToken),
      responses: {
        200: {
          description: "The calendar",
          content: { "text/calendar": { schema: { type: "string" } } },
        },
        304: { description: "Not changed since the ETag given" },
        404: { description: FEED_NOT_FOUND, content: json(HttpError) },
      },
    }),
  );
  publicApp.get("/calendar/:file{[^/]+\\.ics}", async (c: Context<AppEnv>) => {
    const token = (c.req.param("file") ?? "").slice(0, -".ics".length);
    const tokenHash = deps.feedTokens.hashOf(token);
    const feed = tokenHash === null ? null : await feeds.open(tokenHash, deps.now());
    if (feed === null) throw new ApiError(404, FEED_NOT_FOUND);
    const day = today(feed.timeZone);
    // issue 22: costs in the person's currency, or as the web app shows them until they pick one,
    // their region's (a calendar app sends its Accept-Language as a browser does).
    const currency = feed.currency ?? currencyOfAcceptLanguage(c.req.header("Accept-Language"));
    const etag = `"${FEED_FORMAT}-${feed.listsRevision}-${day}-${currency}-${feed.timeZone}"`;
    const headers = {
      ETag: etag,
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    };
    if (feed.currency === null) c.header("Vary", "Accept-Language", { append: true });
    if (ifNoneMatch(c.req.header("If-None-Match"), etag)) {
      return c.body(null, 304, headers);
    }
    const key = `${feed.userId} calendar ${day} ${currency} ${feed.timeZone}`;
    let answer = deps.lists.get(key, feed.listsRevision);
    if (answer === undefined) {
      answer = await listAnswer(
        feedIcs(await contentOf(feed.userId, day, currency, feed.timeZone)),
      );
      deps.lists.set(key, feed.listsRevision, answer);
    }
    return sendAnswer(c, answer, { ...headers, "Content-Type": ICS_TYPE });
  });

  routes.app.route("/", publicApp);
  return routes.app;
}

/** Whether an If-None-Match header names `etag` (or is `*`): RFC 9110, 13.1.2, weak comparison. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
