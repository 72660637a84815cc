// decisions D15, issue 17: sign-in starts, code exchanges and refreshes are limited per client
// address and per account, counted in the database, so that they hold across API processes. The
// clock is the app's own (createTestApp's `now`): a window passes without waiting for it.
import { request as httpRequest } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { TokenSetSchema, type TokenSet } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withLocalProvider } from "../src/auth/oidc/local-provider-server.js";
import { loginAttempts, rateLimitCounters, signIns } from "../src/db/schema.js";
import { PRUNE_BATCH } from "../src/http/rate-limit-counter.js";
import { TestBrowser, signInThroughApi } from "./support/test-browser.js";
import { listenOnLoopback, type LoopbackServer } from "./support/test-loopback.js";
import {
  createTestApp,
  signInAs,
  testConfig,
  useTestApp,
  type TestApp,
} from "./support/test-app.js";
import { openTestDatabase } from "./support/test-database.js";

/** A clock the tests move. */
function movableClock(start = "2026-06-01T12:00:00.000Z") {
  let now = new Date(start);
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** A request as @hono/node-server hands it to the app: from a socket with this remote address. */
async function from(
  t: TestApp,
  address: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await t.app.request(
    path,
    {
      method,
      headers: { "content-type": "application/json", ...options.headers },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: text === "" ? null : (JSON.parse(text) as unknown),
  };
}

const refresh = (t: TestApp, address: string, token: string) =>
  from(t, address, "POST", "/auth/refresh", { body: { refresh_token: token } });

const rateLimitedLines = (t: TestApp) =>
  t.logs.lines().filter((line) => line.event === "rate_limited");

describe("the limit per client address on POST /auth/refresh", () => {
  const clock = movableClock();
  const t = useTestApp({
    now: clock.now,
    config: testConfig({
      RATE_LIMIT_REFRESH_PER_MINUTE: "3",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "1000",
    }),
  });

  it("answers the fourth refresh from one address within a minute 429, with Retry-After and a detail", async () => {
    const address = "203.0.113.10";
    for (let i = 0; i < 3; i += 1) {
      expect((await refresh(t, address, "not-a-token")).status).toBe(401);
    }
    clock.advance(20_000);
    const refused = await refresh(t, address, "not-a-token");
    expect(refused).toEqual({
      status: 429,
      retryAfter: "40",
      body: { detail: "Too many session refreshes. Please try again in 40 seconds." },
    });
  });

  it("does not limit another address", async () => {
    const { tokens } = await signInAs(t.deps);
    for (let i = 0; i < 4; i += 1) await refresh(t, "203.0.113.20", "not-a-token");
    const other = await refresh(t, "203.0.113.21", tokens.refresh_token);
    expect(other.status).toBe(200);
  });

  it("lets the address refresh again once its window has passed", async () => {
    const address = "203.0.113.30";
    const { tokens } = await signInAs(t.deps);
    for (let i = 0; i < 3; i += 1) await refresh(t, address, "not-a-token");
    expect((await refresh(t, address, tokens.refresh_token)).status).toBe(429);
    clock.advance(59_000);
    expect((await refresh(t, address, tokens.refresh_token)).retryAfter).toBe("1");
    clock.advance(1_000);
    const again = await refresh(t, address, tokens.refresh_token);
    expect(again.status).toBe(200);
    TokenSetSchema.parse(again.body);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address", async () => {
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3"]) {
      await refresh(t, address, "not-a-token");
    }
    expect((await refresh(t, "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "x")).status).toBe(429);
    expect((await refresh(t, "2001:db8:1:3::1", "x")).status).toBe(401);

    for (let i = 0; i < 3; i += 1) await refresh(t, "198.51.100.7", "x");
    expect((await refresh(t, "::ffff:198.51.100.7", "x")).status).toBe(429);
  });

  it("ignores X-Forwarded-For when no proxy is trusted (TRUST_PROXY_HOPS=0)", async () => {
    const address = "203.0.113.40";
    for (let i = 0; i < 3; i += 1) await refresh(t, address, "x");
    const spoofed = await from(t, address, "POST", "/auth/refresh", {
      body: { refresh_token: "x" },
      headers: { "x-forwarded-for": "192.0.2.99" },
    });
    expect(spoofed.status).toBe(429);
  });

  it("logs each refusal with the limit and the address, and no token", async () => {
    const address = "203.0.113.50";
    const { tokens } = await signInAs(t.deps);
    for (let i = 0; i < 3; i += 1) await refresh(t, address, "x");
    await refresh(t, address, tokens.refresh_token);
    expect(rateLimitedLines(t).at(-1)).toMatchObject({
      level: 40,
      event: "rate_limited",
      limit: "refresh_per_address",
      address,
    });
    for (const part of tokens.refresh_token.split(".")) expect(t.logs.text()).not.toContain(part);
  });

  it("refuses a flood past the limit from memory, without a database write per request", async () => {
    const address = "203.0.113.60";
    const hits = async () => {
      const [row] = await t.deps.database.db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.subject, address));
      return row?.hits;
    };
    const flood = await Promise.all(
      Array.from({ length: 50 }, () => refresh(t, address, "not-a-token")),
    );
    expect(flood.filter((a) => a.status === 429)).toHaveLength(47);
    // The requests in flight together were each counted; once one was refused, no other is.
    const counted = await hits();
    for (let i = 0; i < 20; i += 1) expect((await refresh(t, address, "x")).status).toBe(429);
    expect(await hits()).toBe(counted);
  });
});

describe("the limit per account on POST /auth/refresh", () => {
  const clock = movableClock();
  const t = useTestApp({
    now: clock.now,
    config: testConfig({
      RATE_LIMIT_REFRESH_PER_MINUTE: "1000",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "2",
    }),
  });

  /** Refreshes along the chain; the last token set. */
  async function refreshTwice(tokens: TokenSet, address: string): Promise<TokenSet> {
    let current = tokens;
    for (let i = 0; i < 2; i += 1) {
      const answer = await refresh(t, address, current.refresh_token);
      expect(answer.status).toBe(200);
      current = TokenSetSchema.parse(answer.body);
    }
    return current;
  }

  it("answers the third refresh of one account within a minute 429, from any address, and logs its user id", async () => {
    const { user, tokens } = await signInAs(t.deps);
    const latest = await refreshTwice(tokens, "192.0.2.1");
    const refused = await refresh(t, "192.0.2.2", latest.refresh_token);
    expect(refused).toEqual({
      status: 429,
      retryAfter: "60",
      body: {
        detail: "Too many session refreshes for this account. Please try again in 60 seconds.",
      },
    });
    expect(rateLimitedLines(t).at(-1)).toMatchObject({
      event: "rate_limited",
      limit: "refresh_per_account",
      userId: user.id,
    });
  });

  it("does not limit another account, nor count a token that is not ours against anyone", async () => {
    const { tokens: first } = await signInAs(t.deps);
    await refreshTwice(first, "192.0.2.3");
    const { tokens: second } = await signInAs(t.deps);
    expect((await refresh(t, "192.0.2.3", "forged.refresh.token")).status).toBe(401);
    await refreshTwice(second, "192.0.2.3");
  });

  it("leaves a refused token as it was: it refreshes once the window has passed", async () => {
    const { tokens } = await signInAs(t.deps);
    const latest = await refreshTwice(tokens, "192.0.2.4");
    expect((await refresh(t, "192.0.2.4", latest.refresh_token)).status).toBe(429);
    clock.advance(60_000);
    const again = await refresh(t, "192.0.2.4", latest.refresh_token);
    expect(again.status).toBe(200);
  });
});

describe("the limit per account on the code exchange (POST /auth/google/exchange)", () => {
  let server: LoopbackServer;
  let api: TestApp;

  beforeAll(async () => {
    server = await listenOnLoopback();
    api = await createTestApp({
      config: testConfig({
        PUBLIC_API_URL: server.url,
        RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE: "1",
      }),
    });
    server.serve(withLocalProvider(api.deps.signIn.local, getRequestListener(api.app.fetch)));
  });

  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it("refuses the second sign-in of one account within a minute with a 429, and signs no one in", async () => {
    const person = { name: "Ada", email: "ada.limited@example.com" };
    await signInThroughApi(server.url, person);
    const signInsBefore = await api.deps.database.db.$count(signIns);
    // The seconds left of the minute: 60, or fewer when the first sign-in took a second or more on
    // a busy machine (the real clock here; the limits above count on a clock of their own).
    await expect(signInThroughApi(server.url, person)).rejects.toThrow(
      /^exchange answered 429: \{"detail":"Too many sign-ins to this account\. Please try again in (?:60|[1-5]?\d) seconds\."\}$/,
    );
    expect(await api.deps.database.db.$count(signIns)).toBe(signInsBefore);
    // Another account is not limited.
    await signInThroughApi(server.url, { name: "Grace", email: "grace.free@example.com" });
    expect(api.logs.lines()).toContainEqual(
      expect.objectContaining({ event: "rate_limited", limit: "code_exchange_per_account" }),
    );
  });
});

describe("the limits per client address on the sign-in (GET /auth/google/login, POST /auth/google/exchange)", () => {
  const clock = movableClock();
  let server: LoopbackServer;
  let api: TestApp;

  beforeAll(async () => {
    server = await listenOnLoopback();
    api = await createTestApp({
      now: clock.now,
      config: testConfig({ PUBLIC_API_URL: server.url, RATE_LIMIT_SIGN_IN_PER_MINUTE: "3" }),
    });
    server.serve(withLocalProvider(api.deps.signIn.local, getRequestListener(api.app.fetch)));
  });

  afterAll(async () => {
    await server.close();
    await api.close();
  });

  /** GET /auth/google/login over a real socket from `localAddress` (any of 127.0.0.0/8). */
  function login(localAddress: string, method = "GET"): Promise<Answer> {
    const challenge = new TestBrowser().newSignInChallenge();
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/auth/google/login?browser_challenge=${challenge}`,
        { localAddress, method },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            const retryAfter = response.headers["retry-after"];
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: typeof retryAfter === "string" ? retryAfter : null,
              body: text === "" ? null : (JSON.parse(text) as unknown),
            });
          });
        },
      );
      request.on("error", reject);
      request.end();
    });
  }

  it("answers the fourth sign-in start from one socket address within a minute 429, before anything is written", async () => {
    for (let i = 0; i < 3; i += 1) {
      const started = await login("127.0.0.2");
      expect(started.status).toBe(200);
      expect(started.body).toHaveProperty("authorization_url");
    }
    const attempts = await api.deps.database.db.$count(loginAttempts);
    const refused = await login("127.0.0.2");
    expect(refused).toEqual({
      status: 429,
      retryAfter: "60",
      body: { detail: "Too many sign-in attempts. Please try again in 60 seconds." },
    });
    expect(await api.deps.database.db.$count(loginAttempts)).toBe(attempts);
    expect((await login("127.0.0.3")).status).toBe(200);
    clock.advance(60_000);
    expect((await login("127.0.0.2")).status).toBe(200);
  });

  it("counts a HEAD sign-in start like a GET (Hono answers it with the GET route)", async () => {
    for (let i = 0; i < 3; i += 1) expect((await login("127.0.0.4", "HEAD")).status).toBe(200);
    expect((await login("127.0.0.4", "HEAD")).status).toBe(429);
    expect((await login("127.0.0.4")).status).toBe(429);
  });

  it("limits the code exchange per address the same way, counted apart from the sign-in starts", async () => {
    const exchange = () =>
      from(api, "198.51.100.77", "POST", "/auth/google/exchange", {
        body: { code: "unknown", browser_verifier: "x".repeat(43) },
      });
    for (let i = 0; i < 3; i += 1) expect((await exchange()).status).not.toBe(429);
    const refused = await exchange();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: "Too many sign-in attempts. Please try again in 60 seconds.",
    });
  });
});

describe("limits with a proxy in front (TRUST_PROXY_HOPS=1)", () => {
  const t = useTestApp({
    config: testConfig({
      TRUST_PROXY_HOPS: "1",
      RATE_LIMIT_REFRESH_PER_MINUTE: "2",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "1000",
    }),
  });
  const viaProxy = (forwardedFor: string) =>
    from(t, "10.0.0.1", "POST", "/auth/refresh", {
      body: { refresh_token: "x" },
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("counts each client by the address the proxy saw, not by the proxy's", async () => {
    expect((await viaProxy("192.0.2.10")).status).toBe(401);
    expect((await viaProxy("192.0.2.10")).status).toBe(401);
    expect((await viaProxy("192.0.2.10")).status).toBe(429);
    expect((await viaProxy("192.0.2.11")).status).toBe(401);
  });

  it("believes only the entry the proxy wrote: a client's own X-Forwarded-For does not get it a new count", async () => {
    expect((await viaProxy("1.1.1.1, 192.0.2.20")).status).toBe(401);
    expect((await viaProxy("2.2.2.2, 192.0.2.20")).status).toBe(401);
    expect((await viaProxy("3.3.3.3, 192.0.2.20")).status).toBe(429);
  });
});

describe("limits shared by two API processes on one database", () => {
  it("refuse at the same total whichever process the requests reach", async () => {
    const database = await openTestDatabase();
    const config = testConfig({
      RATE_LIMIT_REFRESH_PER_MINUTE: "4",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "1000",
    });
    const first = await createTestApp({ database, config });
    const second = await createTestApp({ database, config });
    try {
      const statuses = [];
      for (const app of [first, second, first, second, second, first]) {
        statuses.push((await refresh(app, "203.0.113.99", "x")).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("never ask for more than the window's minute, even of a request begun before it opened", async () => {
    const database = await openTestDatabase();
    const config = testConfig({
      RATE_LIMIT_REFRESH_PER_MINUTE: "4",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "1000",
    });
    // The second process's request began half a second before the first process's opened the
    // window, and was counted after it.
    const opened = movableClock();
    const begunBefore = movableClock();
    begunBefore.advance(-500);
    const first = await createTestApp({ database, config, now: opened.now });
    const second = await createTestApp({ database, config, now: begunBefore.now });
    try {
      for (let i = 0; i < 4; i += 1) await refresh(first, "203.0.113.98", "x");
      const refused = await refresh(second, "203.0.113.98", "x");
      expect([refused.status, refused.retryAfter]).toEqual([429, "60"]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe("the counters", () => {
  const clock = movableClock();
  const t = useTestApp({ now: clock.now });

  it("are pruned a few at a time once their window has ended, by the hits that start new windows", async () => {
    const { db } = t.deps.database;
    for (let i = 0; i < 2 * PRUNE_BATCH; i += 1) {
      await t.deps.rateLimits.perAddress("refresh", `192.0.2.${i}`);
    }
    expect(await db.$count(rateLimitCounters)).toBe(2 * PRUNE_BATCH);
    clock.advance(60_000);
    await t.deps.rateLimits.perAddress("refresh", "198.51.100.1");
    expect(await db.$count(rateLimitCounters)).toBe(PRUNE_BATCH + 1);
    // A hit inside a window that is still open prunes nothing.
    await t.deps.rateLimits.perAddress("refresh", "198.51.100.1");
    expect(await db.$count(rateLimitCounters)).toBe(PRUNE_BATCH + 1);
    await t.deps.rateLimits.perAddress("refresh", "198.51.100.2");
    expect(await db.$count(rateLimitCounters)).toBe(2);
  });
});

describe("/openapi.json", () => {
  const t = useTestApp();

  it("documents the 429 with Retry-After on every limited route", async () => {
    const document = (await (await t.app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ["/auth/google/login", "get"],
      ["/auth/refresh", "post"],
    ] as const) {
      expect(document.paths[path]?.[method]?.responses["429"]).toMatchObject({
        headers: { "Retry-After": { required: true } },
        content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPError" } } },
      });
    }
  });
});
