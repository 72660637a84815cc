// A Node script's use of the client against the real API in process, as the README's Node
// section shows it: a session that starts from a refresh token alone, and a refusal that says
// when to try again (a script can wait it out instead of parsing the message).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/api-error.js";
import { createLifeAdminClient } from "../src/client.js";
import { memoryTokenStore } from "../src/token-store.js";
import { API_URL, type ApiUnderTest, inProcessClient, startApi } from "./support/api-app.js";

let api: ApiUnderTest;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe("a script's session", () => {
  it("is refreshed on its first call when it starts from a refresh token alone", async () => {
    const { refresh_token } = await api.signIn();
    const script = inProcessClient(api, { access_token: "", refresh_token, token_type: "Bearer" });

    await expect(script.client.tasks.list()).resolves.toEqual([]);

    expect(script.requests).toEqual(["GET /tasks/", "POST /auth/refresh", "GET /tasks/"]);
    expect(script.store.get()?.access_token).not.toBe("");
    expect(script.store.get()?.refresh_token).not.toBe(refresh_token);
    expect(script.ended()).toBe(0);
  });

  it("sends no Authorization header while it has no access token yet", async () => {
    const { refresh_token } = await api.signIn();
    const sent: (string | null)[] = [];
    const client = createLifeAdminClient({
      baseUrl: API_URL,
      tokens: memoryTokenStore({ access_token: "", refresh_token, token_type: "Bearer" }),
      fetch: (request) => {
        sent.push(request.headers.get("Authorization"));
        return Promise.resolve(api.app.app.request(request));
      },
    });

    await client.users.me();

    expect(sent[0]).toBeNull();
    expect(sent.at(-1)).toMatch(/^Bearer \S+$/);
  });
});

describe("a rate-limited refresh (429)", () => {
  it("carries the API's Retry-After in seconds, and keeps the session", async () => {
    const script = inProcessClient(api, await api.signIn());
    let refused: unknown;
    // RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: 30 by default.
    for (let attempt = 0; attempt < 40 && refused === undefined; attempt += 1) {
      await script.client.auth.refresh().catch((error: unknown) => {
        refused = error;
      });
    }
    expect(refused).toBeInstanceOf(ApiError);
    const error = refused as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBeGreaterThanOrEqual(1);
    expect(error.retryAfter).toBeLessThanOrEqual(60);
    expect(error.detail).toMatch(/try again in/);
    expect(script.store.get()).not.toBeNull();
    expect(script.ended()).toBe(0);
  });
});
