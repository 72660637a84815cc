// spec 8: a non-OK answer becomes an ApiError with the catalogue's message. Runs after
// refresh-and-retry, so it sees the answer that counts.
import type { Middleware } from "openapi-fetch";
import { apiErrorOf, retryAfterSeconds } from "../api-error.js";
import { readBody } from "../response-body.js";
import { routeOf } from "./route.js";

/** spec 8: calls whose failure has a message of its own, whatever the status. */
const FAILURE_MESSAGES: Readonly<Record<string, string>> = {
  "GET /auth/google/login": "Failed to initiate Google sign-in",
  "POST /auth/refresh": "Failed to refresh token",
};

export const errorMapping: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    if (response.ok) return undefined;
    const body = await readBody(response);
    throw apiErrorOf(
      response.status,
      body,
      FAILURE_MESSAGES[routeOf(request, schemaPath)],
      retryAfterSeconds(response.headers.get("Retry-After"), new Date()),
    );
  },
};
