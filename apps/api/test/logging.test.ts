// Structured request logs that never contain a token (decisions D3), and unexpected failures:
// a logged 500 with FastAPI's body, never the error's text.
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { get, post } from "./support/http.js";
import { signInAs, useTestApp } from "./support/test-app.js";

const t = useTestApp();

describe("request logs", () => {
  it("write one JSON line per request with method, path, status and duration", async () => {
    await get(t.app, "/health");
    const line = t.logs.lines().find((l) => l.msg === "request" && l.path === "/health");
    expect(line).toMatchObject({ method: "GET", path: "/health", status: 200 });
    expect(typeof line?.duration_ms).toBe("number");
  });

  it("never contain a token, whether sent in a header, a query string or a body", async () => {
    const { tokens } = await signInAs(t.deps);
    await get(t.app, "/tasks/", { token: tokens.access_token });
    const rotated = await post(t.app, `/auth/refresh?refresh_token=${tokens.refresh_token}`);
    const next = rotated.body as { refresh_token: string; access_token: string };
    await post(t.app, "/auth/refresh", { body: { refresh_token: next.refresh_token } });
    await post(t.app, `/auth/refresh?refresh_token=${tokens.refresh_token}`); // reuse: a 401
    await get(t.app, "/users/me", { token: `${tokens.access_token}x` }); // tampered: a 401

    const text = t.logs.text();
    for (const secret of [
      tokens.access_token,
      tokens.refresh_token,
      next.refresh_token,
      next.access_token,
    ]) {
      // Any one of a JWT's three parts would identify it.
      for (const part of secret.split(".")) expect(text).not.toContain(part);
    }
    expect(text).not.toContain("refresh_token=");
    const refreshLines = t.logs.lines().filter((l) => l.path === "/auth/refresh");
    expect(refreshLines.map((l) => l.status)).toEqual([200, 200, 401]);
  });
});

describe("the logger", () => {
  it("hides a token in any other log line, should one slip in", () => {
    t.deps.logger.warn(
      { authorization: "Bearer a.b.c", detail: { refresh_token: "r.s.t" }, token: "x.y.z" },
      "slipped",
    );
    const line = t.logs.lines().find((l) => l.msg === "slipped");
    expect(line).toMatchObject({
      authorization: "[redacted]",
      detail: { refresh_token: "[redacted]" },
      token: "[redacted]",
    });
  });
});

describe("unexpected failures", () => {
  it("answer 500 {detail: Internal Server Error}, and log the error without showing it to the caller", async () => {
    // A fresh app (Hono fixes its routes at the first request) with one route that fails.
    const app = buildApp(t.deps);
    app.get("/test-only/boom", () => {
      throw new Error("secret internal detail");
    });
    const res = await get(app, "/test-only/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "Internal Server Error" });
    expect(res.text).not.toContain("secret internal detail");
    const logged = t.logs.lines().find((l) => l.msg === "unhandled error");
    expect(JSON.stringify(logged)).toContain("secret internal detail");
    expect(logged?.level).toBe(50);
  });
});
