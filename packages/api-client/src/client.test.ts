// Protocol edges (spec 4, 7, 8) against a fake API injected as `fetch`.
import { describe, expect, it } from "vitest";
import { InvalidResponseError, UnreadableResponseError } from "./api-error.js";
import { createLifeAdminClient } from "./client.js";
import { fileCalls } from "./file-calls.js";
import { memoryTokenStore } from "./token-store.js";
import { UNREACHABLE_MESSAGE } from "./unreachable.js";
import { apiFailure } from "./test-support/api-failure.js";
import {
  bearer,
  deferred,
  json,
  text,
  tokenSet,
  type RecordedCall,
} from "./test-support/fake-fetch.js";
import { type Harness, harness } from "./test-support/harness.js";
import { sampleSubscription, sampleTask, sampleUser } from "./test-support/samples.js";

const session = tokenSet("first");
/** What an answer that is not JSON tells the person to do, after why and from where. */
const CHECK_CONNECTION =
  "a Wi-Fi sign-in page or a proxy may have answered in its place. Check your connection, then try again.";
const renewed = tokenSet("renewed");

/**
 * A fake API that hands out `renewed` on refresh, answers `ok()` to the renewed access token and
 * `refused()` to any other.
 */
function renewingApi(
  ok: () => Response = () => json([sampleTask]),
  refused: () => Response = () => json({ detail: "The access token has expired" }, 401),
) {
  return (call: RecordedCall) => {
    if (call.path === "/auth/refresh") return json(renewed);
    return call.headers.get("Authorization") === bearer(renewed) ? ok() : refused();
  };
}

describe("making a client", () => {
  it.each(["", "/", "127.0.0.1:8000/api", "localhost:8000"])(
    "refuses an address that is not whole (%j), naming it, before any call",
    (baseUrl) => {
      expect(() => createLifeAdminClient({ baseUrl, tokens: memoryTokenStore() })).toThrow(
        `baseUrl must be the API's whole address, such as http://127.0.0.1:8000; it was ${JSON.stringify(baseUrl)}`,
      );
    },
  );
});

describe("request headers (spec 7)", () => {
  it("sends the stored access token as a bearer token and asks for JSON", async () => {
    const { client, fake } = harness(() => json([sampleTask]), session);
    await client.tasks.list();
    const [call] = fake.calls;
    expect(call?.headers.get("Authorization")).toBe(bearer(session));
    expect(call?.headers.get("Accept")).toBe("application/json");
  });

  it("sends no Content-Type on a GET", async () => {
    const { client, fake } = harness(() => json(sampleUser), session);
    await client.users.me();
    expect(fake.calls[0]?.method).toBe("GET");
    expect(fake.calls[0]?.headers.has("Content-Type")).toBe(false);
  });

  it("sends a POST's body as JSON with a JSON content type", async () => {
    const { client, fake } = harness(() => json(sampleTask, 201), session);
    const body = {
      title: "Renew passport",
      due_date: "2026-03-01T09:00:00Z",
      frequency: "Yearly",
      priority: "High",
      notes: "Photos first",
    } as const;
    await client.tasks.create(body);
    const [call] = fake.calls;
    expect(call?.path).toBe("/tasks/");
    expect(call?.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(call?.body ?? "")).toEqual(body);
  });

  it("sends no Authorization header without a session", async () => {
    const { client, fake } = harness(() => json([]));
    await client.tasks.list();
    expect(fake.calls[0]?.headers.has("Authorization")).toBe(false);
  });
});

describe("reading answers (spec 4, 7)", () => {
  it("parses an answer as JSON when its content type says JSON, parameters and all", async () => {
    const { client } = harness(
      () =>
        new Response(JSON.stringify([sampleTask]), {
          headers: { "Content-Type": "application/json; charset=utf-8" },
        }),
      session,
    );
    await expect(client.tasks.list()).resolves.toEqual([sampleTask]);
  });

  it("refuses a list answered as text, even text that looks like JSON, rather than list nothing", async () => {
    const { client } = harness(() => text(JSON.stringify([sampleTask])), session);
    const error = await apiFailure(client.tasks.list());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe(
      `Life Admin's answer could not be read (text/plain, not JSON, from GET /tasks/): ${CHECK_CONNECTION}`,
    );
  });

  it("keeps a text error answer as the error's body", async () => {
    const { client } = harness(() => text("upstream is down", 502), session);
    const error = await apiFailure(client.tasks.list());
    expect(error.message).toBe("Request failed with status 502");
    expect(error.body).toBe("upstream is down");
    expect(error.detail).toBeNull();
  });

  it.each([
    ["an object", { tasks: [] }],
    ["null", null],
    ["a string", "none"],
  ])("turns a list answer that is %s into an empty list", async (_label, body) => {
    const { client } = harness(() => json(body), session);
    await expect(client.tasks.list()).resolves.toEqual([]);
    await expect(client.subscriptions.list()).resolves.toEqual([]);
  });

  it("rejects a task list whose first due_date is not a date, naming the field", async () => {
    const { client } = harness(() => json([{ ...sampleTask, due_date: "soon" }]), session);
    const error = await apiFailure(client.tasks.list());
    expect(error.message).toMatch(/^Invalid response from GET \/tasks\/: \[0\]\.due_date /);
    if (!(error instanceof InvalidResponseError))
      throw new Error("expected an InvalidResponseError");
    expect(error.issues[0]?.path).toBe("[0].due_date");
    expect(error.status).toBe(200);
  });

  it("names the bad fields of every item of a list, each by the item's index", async () => {
    const answer = [
      sampleTask,
      { ...sampleTask, id: 2, due_date: "soon" },
      { ...sampleTask, id: 3, priority: "Urgent" },
    ];
    const { client } = harness(() => json(answer), session);
    const error = await apiFailure(client.tasks.list());
    if (!(error instanceof InvalidResponseError))
      throw new Error("expected an InvalidResponseError");
    expect(error.issues.map((issue) => issue.path)).toEqual(["[1].due_date", "[2].priority"]);
  });

  it("rejects a created subscription without a cost, naming the field", async () => {
    const withoutCost = Object.fromEntries(
      Object.entries(sampleSubscription).filter(([key]) => key !== "cost"),
    );
    const { client } = harness(() => json(withoutCost, 201), session);
    const error = await apiFailure(
      client.subscriptions.create({ name: "Netflix", next_renewal_date: "2026-03-05", cost: 1 }),
    );
    expect(error.message).toMatch(/^Invalid response from POST \/subscriptions\/: cost /);
  });

  it("rejects a profile that is a JSON string, not an object", async () => {
    const { client } = harness(() => json("hello"), session);
    const error = await apiFailure(client.users.me());
    expect(error.message).toMatch(/^Invalid response from GET \/users\/me: \S/);
  });
});

// A captive portal's sign-in page, a proxy's error page, a web server that answers index.html for
// every path: a 200 that is not Life Admin's JSON. A person would otherwise see their tasks gone.
describe("an OK answer that is not JSON", () => {
  const PORTAL_PAGE = "<!doctype html><title>Sign in to the Wi-Fi</title>";
  const page = () => new Response(PORTAL_PAGE, { headers: { "Content-Type": "text/html" } });

  it("fails a list as unreadable, in the product's words, instead of listing nothing", async () => {
    const { client } = harness(page, session);
    const error = await apiFailure(client.tasks.list());
    if (!(error instanceof InvalidResponseError))
      throw new Error("expected an InvalidResponseError");
    expect(error.message).toBe(
      `Life Admin's answer could not be read (text/html, not JSON, from GET /tasks/): ${CHECK_CONNECTION}`,
    );
    expect([error.status, error.body]).toEqual([200, PORTAL_PAGE]);
  });

  it("fails an answer typed JSON that does not parse as unreadable", async () => {
    const cutShort = new Response('[{"id":1,"title":"Renew', {
      headers: { "Content-Type": "application/json" },
    });
    const { client } = harness(() => cutShort, session);
    const error = await apiFailure(client.subscriptions.list());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe(
      `Life Admin's answer could not be read (JSON that does not parse, from GET /subscriptions/): ${CHECK_CONNECTION}`,
    );
  });

  it("fails a delete answered with a page as unreadable, not with the parser's own error", async () => {
    const { client } = harness(page, session);
    const failure = await client.tasks.remove(1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as Error).message).toBe(
      `Life Admin's answer could not be read (text/html, not JSON, from DELETE /tasks/{task_id}): ${CHECK_CONNECTION}`,
    );
  });

  // The export's ZIP and a task's .ics: export-calls.test.ts, calendar-calls.test.ts.
  it("still takes a delete's empty 204, and a file's bytes, which are no JSON", async () => {
    const { client } = harness((call) => {
      if (call.method === "DELETE") return new Response(null, { status: 204 });
      return new Response("%PDF-1.7", { headers: { "Content-Type": "application/pdf" } });
    }, session);
    await expect(client.tasks.remove(1)).resolves.toBeUndefined();
    await expect((await fileCalls(client).content(7)).text()).resolves.toBe("%PDF-1.7");
  });

  it("drops fields the contract does not know", async () => {
    const { client } = harness(() => json({ ...sampleUser, password_hash: "x" }), session);
    await expect(client.users.me()).resolves.toEqual(sampleUser);
  });
});

describe("error messages (spec 8)", () => {
  it.each([
    [401, { detail: "The access token has expired" }, "The access token has expired"],
    [401, {}, "Unauthorized - Please log in again"],
    [401, "no json", "Unauthorized - Please log in again"],
    [
      422,
      { detail: [{ loc: ["body", "cost"], msg: "Cost cannot be negative", type: "x" }] },
      "Cost cannot be negative",
    ],
    [422, { detail: "Malformed JSON" }, "Malformed JSON"],
    [422, { detail: [] }, "Validation error"],
    [422, {}, "Validation error"],
    [404, { detail: "Not Found" }, "Not Found"],
    [503, { detail: "The database cannot be reached" }, "The database cannot be reached"],
    [500, {}, "Request failed with status 500"],
    [403, { detail: 42 }, "Request failed with status 403"],
  ])("answers %i %j with %j", async (status, body, message) => {
    // No session: a 401/403 cannot be refreshed and goes straight to the catalogue.
    const { client } = harness(() =>
      typeof body === "string" ? text(body, status) : json(body, status),
    );
    const error = await apiFailure(client.tasks.list());
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it("keeps FastAPI's 422 list as the error's detail", async () => {
    const detail = [{ loc: ["body", "title"], msg: "Task title is required", type: "too_small" }];
    const { client } = harness(() => json({ detail }, 422), session);
    const error = await apiFailure(
      client.tasks.create({ title: "", due_date: "2026-03-01T00:00:00Z" }),
    );
    expect(error.detail).toEqual(detail);
  });

  it("says how many seconds to wait when the answer has a Retry-After, and null when not", async () => {
    const busy = new Response(JSON.stringify({ detail: "Database unavailable" }), {
      status: 503,
      headers: { "Content-Type": "application/json", "Retry-After": "5" },
    });
    const waiting = await apiFailure(harness(() => busy, session).client.tasks.list());
    expect(waiting.retryAfter).toBe(5);
    const failing = await apiFailure(harness(() => json({}, 500), session).client.tasks.list());
    expect(failing.retryAfter).toBeNull();
  });
});

describe("refresh and retry (spec 7)", () => {
  it("refreshes once after a 401 and retries the request with the new token", async () => {
    const { client, fake, store } = harness(renewingApi(), session);
    await expect(client.tasks.list()).resolves.toEqual([sampleTask]);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
    expect(fake.calls.map((c) => c.headers.get("Authorization"))).toEqual([
      bearer(session),
      null,
      bearer(renewed),
    ]);
    expect(store.get()).toEqual(renewed);
  });

  it("refreshes after a 403 as after a 401", async () => {
    const { client, fake } = harness(
      renewingApi(
        () => json(sampleUser),
        () => json({ detail: "Forbidden" }, 403),
      ),
      session,
    );
    await expect(client.users.me()).resolves.toEqual(sampleUser);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("retries a POST with the same body", async () => {
    const { client, fake } = harness(
      renewingApi(() => json(sampleTask, 201)),
      session,
    );
    await client.tasks.create({ title: "Renew passport", due_date: "2026-03-01T09:00:00Z" });
    const posts = fake.calls.filter((c) => c.path === "/tasks/");
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toBe(posts[0]?.body);
    expect(JSON.parse(posts[1]?.body ?? "")).toMatchObject({ title: "Renew passport" });
  });

  it("fails with 'Authentication failed after token refresh' when the retry is refused too", async () => {
    const { client, fake } = harness(
      (call) => (call.path === "/auth/refresh" ? json(renewed) : json({ detail: "nope" }, 401)),
      session,
    );
    const error = await apiFailure(client.tasks.list());
    expect(error.message).toBe("Authentication failed after token refresh");
    expect(error.status).toBe(401);
    expect(error.detail).toBe("nope");
    expect(fake.count("GET", "/tasks/")).toBe(2);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("fails with the API's reason when the retry is refused as forbidden (a household's rule)", async () => {
    const reason = "Only the task's owner can delete it";
    const { client, fake } = harness(
      (call) => (call.path === "/auth/refresh" ? json(renewed) : json({ detail: reason }, 403)),
      session,
    );
    const error = await apiFailure(client.tasks.remove(7));
    expect(error.message).toBe(reason);
    expect(error.status).toBe(403);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("shares one refresh among five parallel requests with an expired token", async () => {
    const { client, fake } = harness(renewingApi(), session);
    const lists = await Promise.all(Array.from({ length: 5 }, () => client.tasks.list()));
    expect(lists).toEqual(Array.from({ length: 5 }, () => [sampleTask]));
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
    expect(fake.count("GET", "/tasks/")).toBe(10);
  });

  it("retries without refreshing again when another request has already renewed the token", async () => {
    // Two requests go out with the old token; the second one's 401 arrives only after the first
    // has refreshed and retried, so the shared refresh is over by then.
    const late = deferred<undefined>();
    let oldTokenCalls = 0;
    const accept = renewingApi();
    const { client, fake } = harness(async (call) => {
      if (call.path === "/tasks/" && call.headers.get("Authorization") === bearer(session)) {
        oldTokenCalls += 1;
        if (oldTokenCalls === 2) await late.promise;
        return json({ detail: "The access token has expired" }, 401);
      }
      if (call.path === "/tasks/") late.resolve(undefined);
      return accept(call);
    }, session);
    const lists = await Promise.all([client.tasks.list(), client.tasks.list()]);
    expect(lists).toEqual([[sampleTask], [sampleTask]]);
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("sends the refresh token in a JSON body, never in the URL (decisions D3)", async () => {
    const { client, fake } = harness(renewingApi(), session);
    await client.tasks.list();
    const refresh = fake.calls.find((c) => c.path === "/auth/refresh");
    expect(refresh?.method).toBe("POST");
    expect([...(refresh?.query.keys() ?? [])]).toEqual([]);
    expect(refresh?.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(refresh?.body ?? "")).toEqual({ refresh_token: session.refresh_token });
  });

  it("does not refresh without a session", async () => {
    const { client, fake } = harness(renewingApi());
    const error = await apiFailure(client.tasks.list());
    expect(error.message).toBe("The access token has expired");
    expect(fake.count("POST", "/auth/refresh")).toBe(0);
  });
});

describe("refresh failures (spec 4, 8)", () => {
  it("fails with 'Failed to refresh token' when the refresh is refused, and ends the session", async () => {
    const { client, store, ended } = harness(
      (call) =>
        call.path === "/auth/refresh"
          ? json({ detail: "This refresh token was already used" }, 401)
          : json({ detail: "expired" }, 401),
      session,
    );
    const error = await apiFailure(client.tasks.list());
    expect(error.message).toBe("Failed to refresh token");
    expect(error.detail).toBe("This refresh token was already used");
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it("fails with 'Token refresh returned no new token' when the answer has no access token, and ends the session", async () => {
    const { client, store, ended } = harness(() => json({ token_type: "Bearer" }), session);
    const error = await apiFailure(client.auth.refresh());
    expect(error.message).toBe("Token refresh returned no new token");
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it("ends the session when the refresh answer has a token but no refresh token", async () => {
    const { client, store } = harness(
      () => json({ access_token: renewed.access_token, token_type: "Bearer" }),
      session,
    );
    const error = await apiFailure(client.auth.refresh());
    expect(error.message).toMatch(/^Invalid response from POST \/auth\/refresh: refresh_token /);
    expect(store.get()).toBeNull();
  });

  it("keeps the session when the refresh cannot reach the server", async () => {
    const { client, store, ended } = harness(() => {
      throw new TypeError("fetch failed");
    }, session);
    await expect(client.auth.refresh()).rejects.toThrow(UNREACHABLE_MESSAGE);
    expect(store.get()).toEqual(session);
    expect(ended()).toBe(0);
  });

  it("keeps the session when a Wi-Fi sign-in page answers the refresh in the API's place", async () => {
    const { client, store, ended } = harness(
      () =>
        new Response("<html><title>Sign in to Hotel Wi-Fi</title></html>", {
          headers: { "Content-Type": "text/html" },
        }),
      session,
    );
    const error = await client.auth.refresh().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UnreadableResponseError);
    expect(store.get()).toEqual(session);
    expect(ended()).toBe(0);
  });

  it("keeps the session when an empty page answers the refresh, which is no answer of the API's", async () => {
    const { client, store, ended } = harness(() => new Response(""), session);
    const error = await client.auth.refresh().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UnreadableResponseError);
    expect(store.get()).toEqual(session);
    expect(ended()).toBe(0);
  });

  it("keeps the session when the server cannot decide (503)", async () => {
    const { client, store } = harness(() => json({ detail: "Database down" }, 503), session);
    const error = await apiFailure(client.auth.refresh());
    expect(error.message).toBe("Failed to refresh token");
    expect(store.get()).toEqual(session);
  });

  it("keeps the session when the refresh is rate limited (429): the token may still be good", async () => {
    const { client, store, ended } = harness(
      () => json({ detail: "Too many refreshes. Please try again in 30 seconds." }, 429),
      session,
    );
    const error = await apiFailure(client.auth.refresh());
    expect(error.status).toBe(429);
    expect(store.get()).toEqual(session);
    expect(ended()).toBe(0);
  });

  it("fails with 'Failed to refresh token' when there is no session to refresh", async () => {
    const { client, fake } = harness(() => json(renewed));
    const error = await apiFailure(client.auth.refresh());
    expect(error.message).toBe("Failed to refresh token");
    expect(fake.calls).toHaveLength(0);
  });
});

const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("sign-in start (spec 7, 8)", () => {
  it("returns the provider's authorization URL for a sign-in bound by the browser's challenge", async () => {
    const url = "https://accounts.google.com/o/oauth2/v2/auth?client_id=x";
    const { client, fake } = harness(() => json({ authorization_url: url }));
    await expect(client.auth.googleLoginUrl(challenge)).resolves.toBe(url);
    expect(fake.calls[0]?.path).toBe("/auth/google/login");
    expect(fake.calls[0]?.query.get("browser_challenge")).toBe(challenge);
  });

  it("fails with 'Failed to initiate Google sign-in' when the call is not OK", async () => {
    const { client } = harness(() =>
      json({ detail: "The sign-in provider cannot be reached" }, 503),
    );
    const error = await apiFailure(client.auth.googleLoginUrl(challenge));
    expect(error.message).toBe("Failed to initiate Google sign-in");
    expect(error.detail).toBe("The sign-in provider cannot be reached");
  });

  it.each([{}, { authorization_url: "" }, "text"])(
    "fails with 'No authorization URL received' for %j",
    async (body) => {
      const { client } = harness(() => json(body));
      const error = await apiFailure(client.auth.googleLoginUrl(challenge));
      expect(error.message).toBe("No authorization URL received");
    },
  );

  it("fails as unreadable when the answer is text, not JSON", async () => {
    const { client } = harness(() => text("text"));
    const error = await apiFailure(client.auth.googleLoginUrl(challenge));
    expect(error.message).toBe(
      `Life Admin's answer could not be read (text/plain, not JSON, from GET /auth/google/login): ${CHECK_CONNECTION}`,
    );
  });
});

describe("the sign-in code exchange (decisions D2)", () => {
  it("posts the code and the browser's verifier and returns the token set, storing nothing", async () => {
    const { client, fake, store } = harness(() => json(renewed));
    await expect(client.auth.exchangeSignInCode("the-code", "the-verifier")).resolves.toEqual(
      renewed,
    );
    const call = fake.calls[0];
    expect(`${call?.method} ${call?.path}`).toBe("POST /auth/google/exchange");
    expect(JSON.parse(call?.body ?? "")).toEqual({
      code: "the-code",
      browser_verifier: "the-verifier",
    });
    expect(store.get()).toBeNull();
  });

  it("fails with the API's detail when the exchange is refused", async () => {
    const detail = "This sign-in link is invalid, expired or was started in another browser";
    const { client } = harness(() => json({ detail }, 400));
    const error = await apiFailure(client.auth.exchangeSignInCode("used", "verifier"));
    expect(error.status).toBe(400);
    expect(error.detail).toBe(detail);
  });
});

describe("subscription filters (spec 7)", () => {
  it("sends no query when no filter is set", async () => {
    const { client, fake } = harness(() => json([sampleSubscription]), session);
    await expect(client.subscriptions.list()).resolves.toEqual([sampleSubscription]);
    await client.subscriptions.list({});
    expect(fake.calls.map((c) => [...c.query.keys()])).toEqual([[], []]);
  });

  it("sends frequency and priority only when each is set", async () => {
    const { client, fake } = harness(() => json([]), session);
    await client.subscriptions.list({ frequency: "Monthly" });
    await client.subscriptions.list({ priority: "High" });
    await client.subscriptions.list({ frequency: "Yearly", priority: "Low" });
    expect(fake.calls.map((c) => Object.fromEntries(c.query))).toEqual([
      { frequency: "Monthly" },
      { priority: "High" },
      { frequency: "Yearly", priority: "Low" },
    ]);
  });
});

describe("logout", () => {
  it("ends the sign-in with the refresh token in a JSON body, then clears the store", async () => {
    const { client, fake, store, ended } = harness(
      () => new Response(null, { status: 204 }),
      session,
    );
    await client.auth.logout();
    const [call] = fake.calls;
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/auth/logout");
    expect(call?.query.has("refresh_token")).toBe(false);
    expect(JSON.parse(call?.body ?? "")).toEqual({ refresh_token: session.refresh_token });
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it("clears the store even when the server refuses, and still reports the failure", async () => {
    const { client, store, ended } = harness(
      () => json({ detail: "Invalid refresh token" }, 401),
      session,
    );
    const error = await apiFailure(client.auth.logout());
    expect(error.message).toBe("Invalid refresh token");
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it("clears the store even when the server cannot be reached", async () => {
    const { client, store } = harness(() => {
      throw new TypeError("fetch failed");
    }, session);
    await expect(client.auth.logout()).rejects.toThrow(UNREACHABLE_MESSAGE);
    expect(store.get()).toBeNull();
  });
});

describe("one task or subscription by id (issue 18)", () => {
  it("reads, edits and deletes a task at its own path", async () => {
    const { client, fake } = harness(
      (call) => (call.method === "DELETE" ? new Response(null, { status: 204 }) : json(sampleTask)),
      session,
    );
    await expect(client.tasks.get(7)).resolves.toEqual(sampleTask);
    await expect(client.tasks.update(7, { title: "Renew passport", notes: null })).resolves.toEqual(
      sampleTask,
    );
    await expect(client.tasks.remove(7)).resolves.toBeUndefined();
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /tasks/7",
      "PATCH /tasks/7",
      "DELETE /tasks/7",
    ]);
    expect(fake.calls[1]?.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(fake.calls[1]?.body ?? "")).toEqual({ title: "Renew passport", notes: null });
  });

  it("completes and skips with the due date the caller saw, or with no body at all", async () => {
    const done = { ...sampleTask, due_date: "2027-03-01T09:00:00Z" };
    const { client, fake } = harness(() => json(done), session);
    await expect(client.tasks.complete(1, sampleTask.due_date)).resolves.toEqual(done);
    await client.tasks.complete(1);
    await expect(client.tasks.skip(1, sampleTask.due_date)).resolves.toEqual(done);
    await client.tasks.skip(1);
    await client.tasks.uncomplete(1);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /tasks/1/complete",
      "POST /tasks/1/complete",
      "POST /tasks/1/skip",
      "POST /tasks/1/skip",
      "POST /tasks/1/uncomplete",
    ]);
    expect(fake.calls.map((c) => c.body)).toEqual([
      JSON.stringify({ due_date: sampleTask.due_date }),
      "",
      JSON.stringify({ due_date: sampleTask.due_date }),
      "",
      "",
    ]);
  });

  it("reads, edits (pauses) and deletes a subscription, and reads the totals", async () => {
    const totals = { monthly: 30.42, yearly: 365, active_count: 1 };
    const { client, fake } = harness((call) => {
      if (call.method === "DELETE") return new Response(null, { status: 204 });
      return json(call.path === "/subscriptions/totals" ? totals : sampleSubscription);
    }, session);
    await expect(client.subscriptions.get(7)).resolves.toEqual(sampleSubscription);
    await client.subscriptions.update(7, { active: false });
    await expect(client.subscriptions.remove(7)).resolves.toBeUndefined();
    await expect(client.subscriptions.totals()).resolves.toEqual(totals);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /subscriptions/7",
      "PATCH /subscriptions/7",
      "DELETE /subscriptions/7",
      "GET /subscriptions/totals",
    ]);
    expect(JSON.parse(fake.calls[1]?.body ?? "")).toEqual({ active: false });
  });

  type Call = (client: Harness["client"]) => Promise<unknown>;
  const task = sampleTask;
  const sub = sampleSubscription;
  const totals = { monthly: 30.42, yearly: 365, active_count: 1 };
  it.each<[string, Call, object, string, unknown]>([
    ["GET /tasks/{task_id}", (c) => c.tasks.get(1), task, "frequency", "Hourly"],
    ["PATCH /tasks/{task_id}", (c) => c.tasks.update(1, {}), task, "completed", "no"],
    ["POST /tasks/{task_id}/complete", (c) => c.tasks.complete(1), task, "due_date", "soon"],
    ["POST /tasks/{task_id}/skip", (c) => c.tasks.skip(1), task, "interval", 0],
    ["POST /tasks/{task_id}/uncomplete", (c) => c.tasks.uncomplete(1), task, "id", 0],
    ["GET /subscriptions/{subscription_id}", (c) => c.subscriptions.get(1), sub, "active", 1],
    [
      "PATCH /subscriptions/{subscription_id}",
      (c) => c.subscriptions.update(1, {}),
      sub,
      "cost",
      "",
    ],
    ["GET /subscriptions/totals", (c) => c.subscriptions.totals(), totals, "monthly", "30.42"],
  ])(
    "rejects an answer to %s that strays from the contract, naming the field",
    async (route, callIt, answer, field, stray) => {
      const { client } = harness(() => json({ ...answer, [field]: stray }), session);
      const error = await apiFailure(callIt(client));
      if (!(error instanceof InvalidResponseError))
        throw new Error("expected an InvalidResponseError");
      expect(error.message.startsWith(`Invalid response from ${route}: ${field} `)).toBe(true);
    },
  );

  it("passes on the API's refusals: 404 for an id that is not the user's, 409 with nothing to undo", async () => {
    const { client } = harness(
      (call) =>
        call.path.endsWith("/uncomplete")
          ? json({ detail: "This task has no completion to undo" }, 409)
          : json({ detail: "Task not found" }, 404),
      session,
    );
    const missing = await apiFailure(client.tasks.get(99));
    expect([missing.status, missing.message]).toEqual([404, "Task not found"]);
    const nothing = await apiFailure(client.tasks.uncomplete(1));
    expect([nothing.status, nothing.message]).toEqual([409, "This task has no completion to undo"]);
    await expect(client.tasks.remove(99)).rejects.toMatchObject({ status: 404 });
  });
});
