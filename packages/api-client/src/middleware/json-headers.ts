// spec 7: every call asks for JSON and declares a JSON body, except that a GET sends no
// Content-Type (it has no body), and an upload (issue 21) keeps its form's, which names the
// boundary between its parts.
import type { Middleware } from "openapi-fetch";

export const jsonHeaders: Middleware = {
  onRequest({ request }) {
    request.headers.set("Accept", "application/json");
    if (request.method === "GET" || request.method === "HEAD") {
      request.headers.delete("Content-Type");
    } else if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
      request.headers.set("Content-Type", "application/json");
    }
    return request;
  },
};
