// decisions D13: the one-click unsubscribe of every reminder email (RFC 8058). A mail client POSTs
// to the List-Unsubscribe URL ("List-Unsubscribe=One-Click"); a person who follows the link gets a
// small page whose button POSTs the same. Either turns the morning email off. The token alone
// says whose (email/unsubscribe-tokens.ts); an unknown one changes nothing.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod/mini";
import type { AppEnv } from "../app-env.js";
import { users } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { okAs, publicRoutes } from "../http/route-group.js";

const UnsubscribeQuery = z.object({ token: z.string() });

// Its own policy: the page's form posts back here (the API's default CSP allows nothing).
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
};

function page(c: Context<AppEnv>, status: 200, title: string, body: string): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  return c.body(html, status, PAGE_HEADERS);
}

/** An unknown token: FastAPI's 404 (decisions D1), as every other refusal of the API. */
const NOT_FOUND =
  "This unsubscribe link is not valid (it may be from before the server's keys changed); " +
  "turn the reminder emails off in Life Admin's settings";

export function emailRoutes(deps: AppDeps) {
  const routes = publicRoutes("email");
  const { db } = deps.database;
  // Where the pages send the person: the app's Settings, where the emails are turned on and off.
  const settings = `<p><a href="${deps.config.webOrigin}/settings">Open Life Admin's settings</a></p>`;

  routes.get(
    "/email/unsubscribe",
    {
      summary: "The reminder emails' unsubscribe page",
      description: "A page with one button that turns the morning reminder email off (a POST).",
      query: UnsubscribeQuery,
      answer: okAs("text/html", "The page"),
      notFound: NOT_FOUND,
    },
    ({ c, query }) => {
      if (deps.unsubscribeTokens.userOf(query.token) === null) return null;
      const action = `/email/unsubscribe?token=${encodeURIComponent(query.token)}`;
      return page(
        c,
        200,
        "Stop reminder emails?",
        "<p>You will get no more morning reminder emails from Life Admin. Reminders stay in " +
          "the app, and you can turn the emails on again in its settings.</p>" +
          `<form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>` +
          settings,
      );
    },
  );

  routes.post(
    "/email/unsubscribe",
    {
      summary: "Turn the reminder emails off (RFC 8058 one-click)",
      description:
        "What a mail client sends for List-Unsubscribe-Post (body `List-Unsubscribe=One-Click`, " +
        "not read), and what the page's button sends.",
      query: UnsubscribeQuery,
      answer: okAs("text/html", "Unsubscribed"),
      notFound: NOT_FOUND,
    },
    async ({ c, query }) => {
      const userId = deps.unsubscribeTokens.userOf(query.token);
      if (userId === null) return null;
      await db
        .update(users)
        .set({ emailReminders: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
      deps.logger.info({ user_id: userId }, "reminder emails turned off by unsubscribe link");
      return page(
        c,
        200,
        "Unsubscribed",
        "<p>You will get no more morning reminder emails. You can turn them on again in Life " +
          `Admin's settings.</p>${settings}`,
      );
    },
  );

  return routes.app;
}
