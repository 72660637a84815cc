// Builds the API from its parts. No port: tests call `app.request(...)`; server.ts listens.
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./app-env.js";
import type { AppDeps } from "./deps.js";
import { ApiError } from "./errors/api-error.js";
import { errorResponse } from "./errors/error-response.js";
import { crossOrigin } from "./http/cross-origin.js";
import { allowedMethods } from "./http/method-not-allowed.js";
import { ADDRESS_LIMITED_ROUTES, limitPerAddress } from "./http/rate-limits.js";
import { requestLog } from "./http/request-log.js";
import { openApiDocument, registerComponents } from "./openapi.js";
import { IMPORT_PATH, accountImportRoutes } from "./routes/account-import.js";
import { accountExportRoutes } from "./routes/account-export.js";
import { accountDeletionRoutes } from "./routes/account-deletion.js";
import { authGoogleRoutes } from "./routes/auth-google.js";
import { authTokenRoutes } from "./routes/auth-tokens.js";
import { calendarRoutes } from "./routes/calendar.js";
import { docsRoutes } from "./routes/docs.js";
import { emailRoutes } from "./routes/email.js";
import { fileRoutes } from "./routes/files.js";
import { healthRoutes } from "./routes/health.js";
import { notificationRoutes } from "./routes/notifications.js";
import { sessionRoutes } from "./routes/sessions.js";
import { householdRoutes } from "./routes/households.js";
import { subscriptionRoutes } from "./routes/subscriptions.js";
import { taskRoutes } from "./routes/tasks.js";
import { userRoutes } from "./routes/users.js";

/** Request bodies larger than this get 413. */
export const MAX_BODY_BYTES = 64 * 1024;

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * An upload, whose route reads its body as it streams, to its own limit (MAX_UPLOAD_BYTES, or an
 * import's: routes/account-import.ts).
 */
function isUpload(method: string, path: string): boolean {
  return method === "POST" && (path === "/files/" || path === IMPORT_PATH);
}

export function buildApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  // Routes validate their input themselves (http/validate.ts): 422 in FastAPI's shape.
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestLog(deps.logger));
  // The security headers are set by the Node server on every answer (http/node-server.ts).
  app.use(crossOrigin(deps.config.webOrigin));
  // decisions D15: counted before anything else is done for the request, so that a flood of
  // sign-in starts is refused for the price of its count (issue 17). After CORS: the web app
  // must be able to read a 429.
  for (const route of ADDRESS_LIMITED_ROUTES) {
    app.use(route.path, limitPerAddress(deps.rateLimits, route, deps.config.trustProxyHops));
  }
  const bodyTooLarge = () =>
    new ApiError(413, "Request body is too large (the limit is 64 KiB)", { Connection: "close" });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw bodyTooLarge();
    },
  });
  // No route reads the body of these. Asking whether one has a body makes @hono/node-server build
  // a full Fetch Request: measured on GET /health, about 6,000 requests a second with the check
  // and 9,000-10,000 without (issue 7, BENCHMARKS.md). A body of declared length is judged by its
  // header, which Node's parser holds it to, for the same reason: once that Request is built,
  // every later read of the body goes through it instead of @hono/node-server's direct read
  // (issue 18: about a tenth of a write's CPU). Only a chunked body is counted as it streams.
  app.use((c, next) => {
    if (BODYLESS_METHODS.has(c.req.method) || isUpload(c.req.method, c.req.path)) return next();
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) {
      return limitBody(c, next);
    }
    if (Number(length) > MAX_BODY_BYTES) throw bodyTooLarge();
    return next();
  });

  app.onError((error, c) => errorResponse(error, c, deps.logger));
  app.notFound((c) => {
    const allow = allowedMethods(app.routes, c.req.path);
    if (allow.length > 0) {
      return c.json({ detail: "Method Not Allowed" }, 405, { Allow: allow.join(", ") });
    }
    return c.json({ detail: "Not Found" }, 404);
  });

  registerComponents(app);
  app.route("/", healthRoutes(deps));
  app.route("/", userRoutes(deps));
  app.route("/", accountDeletionRoutes(deps));
  app.route("/", accountExportRoutes(deps));
  app.route("/", sessionRoutes(deps));
  app.route("/", householdRoutes(deps));
  app.route("/", taskRoutes(deps));
  app.route("/", subscriptionRoutes(deps));
  app.route("/", calendarRoutes(deps));
  app.route("/", notificationRoutes(deps));
  app.route("/", fileRoutes(deps));
  app.route("/", accountImportRoutes(deps));
  app.route("/", emailRoutes(deps));
  app.route("/", authGoogleRoutes(deps));
  app.route("/", authTokenRoutes(deps));
  app.route("/", docsRoutes());

  // Built on first request, once every route above is registered.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get("/openapi.json", (c) => c.json((document ??= openApiDocument(app))));
  return app;
}
