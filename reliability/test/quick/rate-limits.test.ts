// Issue 17, suite 11: the limits that hold across API processes (decisions D15). Two built API
// processes share one private PostgreSQL: sign-in starts from one address spread over both are
// refused at the same total as one process would refuse them, and so are one account's
// refreshes. Then floods of sign-in starts from one address, 50 at a time, while /health is asked
// in turn: every start past the limit is a 429 with Retry-After, the database counts only a few
// of them and holds only the allowed attempts, a second flood in the same minute is refused
// without asking the database, and /health stays quick. The same flood against a
// process whose limits are out of the way (every start writes its login attempt, as before issue
// 17) is measured beside it, on PostgreSQL and on PGlite (where that writing runs on the API's
// own thread). Loopback only: each client takes its own 127.0.0.x address.
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createScratchDatabase,
  generateSigningKeyPem,
  openPostgres,
  tables,
  type ScratchDatabase,
} from "@life-admin/api/testing";
import type { TokenSet } from "@life-admin/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printFigures, type Figures } from "../../src/figures.js";
import { flood, type FloodResult } from "../../src/flood.js";
import {
  assertServerBuilt,
  startApiProcess,
  type ApiProcess,
} from "../../src/process/api-process.js";
import { freePort } from "../../src/process/free-port.js";
import { cpuSeconds } from "../../src/process/process-cpu.js";
import {
  postgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from "../../src/process/private-postgres.js";
import { signInThroughProvider } from "../../src/sign-in-driver.js";

const SIGN_IN_LIMIT = 40;
const ACCOUNT_REFRESH_LIMIT = 10;
const FLOOD_MS = 2000;
const FLOOD_MAX_REQUESTS = 20_000;
const FLOOD_CONCURRENCY = 50;
/** The pause between two /health probes. */
const PROBE_EVERY_MS = 10;
/**
 * "Refused cheaply, and the service stays responsive" is held against the same flood sent, in the
 * same run, to a process whose limits are out of the way (every start written): a refused start
 * costs the API processes at least this many times less CPU than a written one, and /health,
 * probed one request after another throughout, answers at least HEALTH_KEPT_AT_LEAST as many
 * probes. Fixed millisecond bounds failed on this 2-core machine whenever `pnpm test` ran other
 * suites beside this one (a p50 of 30.7 ms against 25, with /health's p99 at rest already 186 ms),
 * and so did the floods' rates at load 15, where the flood's own client was what limited both (82
 * answers a second against 80): CPU per answer is the API's own cost, whoever else is running.
 * The rates and latencies are printed.
 */
const REFUSED_CHEAPER_AT_LEAST = 1.5;
/**
 * /health shares the one event loop with a refused flood that is answered many times faster (so
 * that the process is doing many times more requests): "at least as many probes" failed on PGlite
 * on a busy machine (31 probes against 39, while the refused flood was answered 710 times a second
 * against 67). Half as many still catches a limit that made the process unresponsive: a refusal
 * that cost what a written start costs would leave /health a small fraction of its probes.
 */
const HEALTH_KEPT_AT_LEAST = 0.5;
/** Out of the way: the process a flood is compared against writes every start. */
const NO_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000",
  RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "100000",
};
const LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT),
  RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: String(ACCOUNT_REFRESH_LIMIT),
};

/** Any base64url SHA-256 will do: a start past the limit is refused before it is read. */
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

const noPostgres = postgresBin() === null;
const figures: Figures = {};
const dataDirs: string[] = [];
const processes: ApiProcess[] = [];

beforeAll(() => {
  assertServerBuilt();
});

afterAll(async () => {
  await Promise.all(processes.map((api) => api.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  printFigures("suite 11 rate limits", figures);
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "life-admin-rate-limits-"));
  dataDirs.push(dir);
  return dir;
}

async function started(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const api = await startApiProcess({ port, env });
  processes.push(api);
  return api;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
}

/** A request from the client address its agent binds (127.0.0.x), timed. */
function call(agent: Agent, url: string): Promise<Answer> {
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => {
        const retryAfter = res.headers["retry-after"];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: typeof retryAfter === "string" ? retryAfter : null,
          ms: performance.now() - sent,
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** A keep-alive connection from one loopback address. */
const clientAt = (localAddress: string) =>
  new Agent({ keepAlive: true, maxSockets: 1, localAddress });

const startUrl = (api: ApiProcess) => `${api.url}/auth/google/login?browser_challenge=${CHALLENGE}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const rounded = (ms: number) => Math.round(ms * 10) / 10;

/** /health asked in turn, one at a time, from 127.0.0.1, until `until` settles: the latencies. */
async function probeHealth(api: ApiProcess, until: Promise<unknown>): Promise<number[]> {
  const agent = clientAt("127.0.0.1");
  const state = { done: false };
  void until.finally(() => (state.done = true));
  const latencies: number[] = [];
  try {
    while (!state.done) {
      const answer = await call(agent, `${api.url}/health`);
      expect(answer.status).toBe(200);
      latencies.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  } finally {
    agent.destroy();
  }
  return latencies;
}

interface Measured {
  flood: FloodResult;
  health: number[];
  /** CPU seconds the flooded processes spent meanwhile, and the answers they gave (probes too). */
  cpu: number;
  answers: number;
}

/** CPU seconds used so far by these processes together. */
function cpuOf(processes: readonly ApiProcess[]): number {
  return processes.reduce((sum, { child }) => {
    if (child.pid === undefined) throw new Error("an API process without a pid");
    return sum + cpuSeconds(child.pid);
  }, 0);
}

/** A flood of sign-in starts from `localAddress` over `probed` and `others`, /health probed on the first. */
async function floodWhileProbing(
  localAddress: string,
  probed: ApiProcess,
  ...others: ApiProcess[]
): Promise<Measured> {
  const flooded = [probed, ...others];
  const cpuBefore = cpuOf(flooded);
  const running = flood({
    urls: [probed, ...others].map(startUrl),
    durationMs: FLOOD_MS,
    maxRequests: FLOOD_MAX_REQUESTS,
    concurrency: FLOOD_CONCURRENCY,
    localAddress,
  });
  const [result, health] = await Promise.all([running, probeHealth(probed, running)]);
  return {
    flood: result,
    health,
    cpu: cpuOf(flooded) - cpuBefore,
    answers: result.requests + health.length,
  };
}

function floodFigures(prefix: string, { flood: result, health, cpu, answers }: Measured): Figures {
  return {
    [`${prefix}_requests`]: result.requests,
    [`${prefix}_per_s`]: Math.round(result.requests / (result.ms / 1000)),
    [`${prefix}_cpu_us_per_answer`]: Math.round((cpu / answers) * 1e6),
    [`${prefix}_statuses`]: result.statuses,
    [`${prefix}_health_probes`]: health.length,
    [`${prefix}_health_p50_ms`]: rounded(percentile(health, 0.5)),
    [`${prefix}_health_p90_ms`]: rounded(percentile(health, 0.9)),
    [`${prefix}_health_p99_ms`]: rounded(percentile(health, 0.99)),
  };
}

/** Every refusal of a flood says when to come back, within the minute its window lasts. */
function expectRetryAfter({ flood: result }: Measured): void {
  expect(result.retryAfter.missing).toBe(0);
  expect(result.retryAfter.min).toBeGreaterThanOrEqual(1);
  expect(result.retryAfter.max).toBeLessThanOrEqual(60);
}

/**
 * What a flood from one address must show. The first (`learning`) lets the limit's worth through
 * and refuses the rest with Retry-After. The next, in the same window (`refused`), is all refused,
 * and costs the API less CPU per answer than the same flood let through (`unrefused`), with
 * /health answering meanwhile. The cost is measured on the second flood alone: the first also
 * pays for the limit's written starts and for the starts each process had in flight when it
 * learned of the refusal, which the database counts. On PGlite those wait for each other's flush to
 * the disk, and with only a few hundred refusals left in the first flood's two seconds on a busy
 * machine, they were most of its cost per answer (6,664 µs against 9,924 for a written start).
 */
function expectRefusedPastTheLimit(
  learning: Measured,
  refused: Measured,
  unrefused: Measured,
): void {
  const learned = learning.flood;
  expect(learned.statuses).toEqual({ 200: SIGN_IN_LIMIT, 429: learned.requests - SIGN_IN_LIMIT });
  expectRetryAfter(learning);
  expect(refused.flood.statuses).toEqual({ 429: refused.flood.requests });
  expectRetryAfter(refused);
  const perWritten = unrefused.cpu / unrefused.answers;
  const perRefused = refused.cpu / refused.answers;
  const micros = (seconds: number) => Math.round(seconds * 1e6);
  expect(
    perRefused * REFUSED_CHEAPER_AT_LEAST,
    `${micros(perRefused)} µs of CPU per refused start against ${micros(perWritten)} µs per written one`,
  ).toBeLessThanOrEqual(perWritten);
  expect(
    refused.health.length,
    `/health answered ${refused.health.length} probes during the refused flood, ` +
      `${unrefused.health.length} during the one let through`,
  ).toBeGreaterThanOrEqual(HEALTH_KEPT_AT_LEAST * unrefused.health.length);
}

describe.skipIf(noPostgres)("suite 11: rate limits, two API processes on one PostgreSQL", () => {
  let cluster: PrivateCluster | null = null;
  let scratch: ScratchDatabase | null = null;
  /** a and b share the limits under test; unlimited has them out of the way, for comparison. */
  let a: ApiProcess;
  let b: ApiProcess;
  let unlimited: ApiProcess;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    scratch = await createScratchDatabase(cluster.url);
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const shared = {
      // One service behind one address, as a load balancer shows it: the tokens' issuer.
      PUBLIC_API_URL: `http://127.0.0.1:${ports[0]}`,
      DATABASE_URL: scratch.url,
      TOKEN_SIGNING_KEY: generateSigningKeyPem(),
      DATA_DIR: newDataDir(),
    };
    // Started together: they migrate one after another (the advisory lock), as in production.
    [a, b, unlimited] = await Promise.all([
      started(ports[0], { ...shared, ...LIMITS }),
      started(ports[1], { ...shared, ...LIMITS }),
      started(ports[2], { ...shared, ...NO_LIMITS }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a, b, unlimited].map((api) => api.stop()));
    await scratch?.drop().catch(() => undefined);
    await cluster?.destroy();
  });

  it("refuses sign-in starts from one address at the same total, whichever process they reach", async () => {
    const client = clientAt("127.0.0.2");
    const other = clientAt("127.0.0.3");
    try {
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_IN_LIMIT + 4; i += 1) {
        statuses.push((await call(client, startUrl(i % 2 === 0 ? a : b))).status);
      }
      expect(statuses).toEqual([
        ...Array<number>(SIGN_IN_LIMIT).fill(200),
        ...Array<number>(4).fill(429),
      ]);
      // Another address is counted apart.
      expect((await call(other, startUrl(b))).status).toBe(200);
    } finally {
      client.destroy();
      other.destroy();
    }
  });

  it("refuses one account's refreshes at the same total, whichever process they reach", async () => {
    let tokens: TokenSet = await signInThroughProvider(a.url, {
      name: "Rate Limited",
      email: "rate-limited@example.com",
    });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_REFRESH_LIMIT + 2; i += 1) {
      const response = await fetch(`${(i % 2 === 0 ? b : a).url}/auth/refresh`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh_token: tokens.refresh_token }),
      });
      statuses.push(response.status);
      if (response.status === 200) tokens = (await response.json()) as TokenSet;
      else await response.body?.cancel();
    }
    expect(statuses).toEqual([...Array<number>(ACCOUNT_REFRESH_LIMIT).fill(200), 429, 429]);
  });

  it("refuses a flood of sign-in starts over both processes cheaply: /health stays quick, the database counts a few", async () => {
    if (scratch === null) throw new Error("no database");
    const database = await openPostgres(scratch.url);
    const attempts = () => database.db.$count(tables.loginAttempts);
    try {
      const idle = await probeHealth(a, new Promise((resolve) => setTimeout(resolve, 1000)));
      const before = await attempts();
      const learning = await floodWhileProbing("127.0.0.4", a, b);
      const written = (await attempts()) - before;
      const countedNow = async () => {
        const [counter] = await database.db
          .select({ hits: tables.rateLimitCounters.hits })
          .from(tables.rateLimitCounters)
          .where(eq(tables.rateLimitCounters.subject, "127.0.0.4"));
        return counter?.hits ?? 0;
      };
      const counted = await countedNow();
      const refused = await floodWhileProbing("127.0.0.4", a, b);
      const countedAfterwards = await countedNow();
      const unrefused = await floodWhileProbing("127.0.0.5", unlimited);

      Object.assign(figures, {
        sign_in_limit: SIGN_IN_LIMIT,
        account_refresh_limit: ACCOUNT_REFRESH_LIMIT,
        flood_concurrency: FLOOD_CONCURRENCY,
        pg_health_idle_p50_ms: rounded(percentile(idle, 0.5)),
        pg_health_idle_p99_ms: rounded(percentile(idle, 0.99)),
        ...floodFigures("pg_learning", learning),
        pg_learning_counted_in_database: counted,
        pg_learning_login_attempts_written: written,
        ...floodFigures("pg_refused", refused),
        pg_refused_counted_in_database: countedAfterwards - counted,
        ...floodFigures("pg_unlimited", unrefused),
      });

      expectRefusedPastTheLimit(learning, refused, unrefused);
      expect(written).toBe(SIGN_IN_LIMIT);
      // Each process counts the requests in flight when it learns of the refusal, then none.
      expect(counted).toBeLessThanOrEqual(SIGN_IN_LIMIT + 2 * FLOOD_CONCURRENCY);
      expect(countedAfterwards).toBe(counted);
      expect(unrefused.flood.statuses).toEqual({ 200: unrefused.flood.requests });
    } finally {
      await database.close();
    }
  });
});

describe("suite 11: a flood of sign-in starts on PGlite, the default engine", () => {
  it("is refused cheaply past the limit, and /health stays quick", async () => {
    const ports = await Promise.all([freePort(), freePort()]);
    const [limited, unlimited] = await Promise.all([
      started(ports[0], { DATA_DIR: newDataDir(), ...LIMITS }),
      started(ports[1], { DATA_DIR: newDataDir(), ...NO_LIMITS }),
    ]);
    const idle = await probeHealth(limited, new Promise((resolve) => setTimeout(resolve, 1000)));
    const learning = await floodWhileProbing("127.0.0.6", limited);
    const refused = await floodWhileProbing("127.0.0.6", limited);
    const unrefused = await floodWhileProbing("127.0.0.7", unlimited);
    Object.assign(figures, {
      pglite_health_idle_p50_ms: rounded(percentile(idle, 0.5)),
      pglite_health_idle_p99_ms: rounded(percentile(idle, 0.99)),
      ...floodFigures("pglite_learning", learning),
      ...floodFigures("pglite_refused", refused),
      ...floodFigures("pglite_unlimited", unrefused),
    });
    expectRefusedPastTheLimit(learning, refused, unrefused);
    expect(unrefused.flood.statuses).toEqual({ 200: unrefused.flood.requests });
  });
});
