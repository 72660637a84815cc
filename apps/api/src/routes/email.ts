// decisions D13: the one-click unsubscribe of every reminder email (RFC 8058). A mail client POSTs
// to the List-Unsubscribe URL ("List-Unsubscribe=One-Click"); a person who follows the link gets a
// small page whose button POSTs the same. Either turns the morning email off. The token alone
// says whose (email/unsubscribe-tokens.ts); an unknown one changes nothing.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import Negotiator from "negotiator";
import * as z from "zod/mini";
import type { AppEnv } from "../app-env.js";
import { users } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { ApiError, ValidationError } from "../errors/api-error.js";
import { errorResponse } from "../errors/error-response.js";
import { okAs, publicRoutes } from "../http/route-group.js";

const UnsubscribeQuery = z.object({ token: z.string() });

// Its own policy: the page's form posts back here (the API's default CSP allows nothing).
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
};

function page(c: Context<AppEnv>, status: 200 | 404 | 422, title: string, body: string): Response {
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

/**
 * A person's browser, which asks for HTML when it follows a link or submits a form. Anything else
 * (a mail client's one-click POST, an API check) asks for no HTML and keeps FastAPI's JSON.
 */
function wantsPage(c: Context<AppEnv>): boolean {
  const accept = c.req.header("Accept");
  if (accept === undefined) return false;
  const negotiator = new Negotiator({ headers: { accept } });
  return negotiator.mediaType(["application/json", "text/html"]) === "text/html";
}

/** A link that cannot work: a token that does not verify (404), or none at all (422). */
function isBrokenLink(error: Error): error is ApiError | ValidationError {
  return (error instanceof ApiError && error.status === 404) || error instanceof ValidationError;
}

export function emailRoutes(deps: AppDeps) {
  const routes = publicRoutes("email");
  const { db } = deps.database;
  // Where the pages send the person: the app's Settings, where the emails are turned on and off.
  const settings = `<p><a href="${deps.config.webOrigin}/settings">Open Life Admin's settings</a></p>`;

  // A link from an old email (the keys changed since) or one a mail client cut short, followed in
  // a browser: a page that says so, with the status an API caller gets. The answer depends on
  // Accept, so a cache must not hand one caller's answer to the other. This group's own error
  // handler (Hono runs it for these routes only), as the route helper throws both refusals; any
  // other failure gets errors/error-response.ts's answer, as on every route.
  routes.app.onError((error, c) => {
    if (!isBrokenLink(error)) return errorResponse(error, c, deps.logger);
    c.header("Vary", "Accept", { append: true });
    if (!wantsPage(c)) return errorResponse(error, c, deps.logger);
    return page(
      c,
      error instanceof ValidationError ? 422 : 404,
      "This link is not valid",
      "<p>This unsubscribe link does not work any more, or was cut short by your mail app. " +
        "You can turn the morning reminder emails off in Life Admin's settings.</p>" +
        settings,
    );
  });

  routes.get(
    "/email/unsubscribe",
    {
      summary: "The reminder emails' unsubscribe page",
      description: "A page with one button that turns the morning reminder email off (a POST).",
      query: UnsubscribeQuery,
      answer: okAs("text/html", "The page"),
      notFound: NOT_FOUND,
      refusalPages: true,
    },
    ({ c, query }) => {
      if (deps.unsubscribeTokens.userOf(query.token) === null) return null;
      // Relative to this page's own address: behind a proxy that serves the API under a path
      // (PUBLIC_API_URL "https://host/api"), "/email/..." would post to the site's root instead.
      const action = `?token=${encodeURIComponent(query.token)}`;
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
      refusalPages: true,
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
