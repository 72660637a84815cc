// Issue 8, suite 8: load. The built API as its own process on PGlite (the default engine);
// 50 simulated users, each signed in through the local provider, each creating 100 tasks and
// listing their tasks after every create, all at once. No errors; every list exactly as long as
// that user's creates so far; exactly 5,000 rows in the database afterwards (counted in the data
// directory once the server has stopped); and the server's memory back near its start.
//
// "Near", measured honestly: the baseline is taken after a warm-up (a shorter load, as many users
// at once as the load itself, that brings the JIT, PGlite's buffers, the connection pools and the
// allocator's per-thread memory to their working size) and a full GC; the
// figure after the load is taken after the same GC. RSS must be within RSS_SLACK_MB of the
// baseline and the JavaScript heap within HEAP_SLACK_MB: a leak of anything per request (5,000
// creates, 5,000 lists) would exceed both.
import { openPglite, tables } from "@life-admin/api/testing";
import { inArray } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printFigures } from "../../src/figures.js";
import {
  assertServerBuilt,
  startApiProcess,
  type ApiProcess,
  type Memory,
} from "../../src/process/api-process.js";
import { freePort } from "../../src/process/free-port.js";
import { signInThroughProvider } from "../../src/sign-in-driver.js";
import { getJson, postJson, recordFor } from "../../src/workload.js";

const USERS = 50;
const TASKS_EACH = 100;
const WARM_UP_USERS = USERS;
const WARM_UP_TASKS_EACH = 10;
const RSS_SLACK_MB = 32;
const HEAP_SLACK_MB = 8;
const MB = 1024 * 1024;

let dataDir = "";
let api: ApiProcess | null = null;

beforeAll(() => {
  assertServerBuilt();
  dataDir = mkdtempSync(join(tmpdir(), "life-admin-load-"));
});

afterAll(async () => {
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

interface UserRun {
  errors: string[];
  latencies: number[];
}

/** One user: create, then list, `count` times; every list must hold exactly what was created. */
async function runUser(url: string, token: string, who: number, count: number): Promise<UserRun> {
  const run: UserRun = { errors: [], latencies: [] };
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    try {
      let started = performance.now();
      const created = await postJson(
        `${url}/tasks/`,
        token,
        recordFor("tasks", `load user ${who} task ${i}`, i).body,
      );
      run.latencies.push(performance.now() - started);
      if (created.status !== 201) {
        run.errors.push(`create ${i}: ${created.status}`);
        continue;
      }
      ids.push(Number(created.body.id));
      started = performance.now();
      const listed = await getJson(`${url}/tasks/`, token);
      run.latencies.push(performance.now() - started);
      const list = listed.body as { id: number }[];
      if (listed.status !== 200) run.errors.push(`list ${i}: ${listed.status}`);
      else if (list.length !== ids.length)
        run.errors.push(`list ${i}: ${list.length} tasks, expected ${ids.length}`);
      else if (!list.some((task) => task.id === ids.at(-1)))
        run.errors.push(`list ${i}: the new task is missing`);
    } catch (error) {
      run.errors.push(`request ${i}: ${String(error)}`);
    }
  }
  return run;
}

/** Memory after a GC window: three full collections a second apart; the last reading. */
async function settledMemory(process: ApiProcess): Promise<Memory> {
  let memory = await process.memoryAfterGc();
  for (let i = 0; i < 2; i += 1) {
    await sleep(1000);
    memory = await process.memoryAfterGc();
  }
  return memory;
}

describe("suite 8: 50 users creating 100 tasks each, listing after every create", () => {
  it("makes no errors, stores exactly 5,000 rows and gives its memory back", async () => {
    const port = await freePort();
    api = await startApiProcess({ port, env: { DATA_DIR: dataDir }, gcHook: true });
    const url = api.url;
    const rssAtStart = api.rss();
    const people = Array.from({ length: USERS + WARM_UP_USERS }, (_, i) => ({
      name: `Load ${i}`,
      email: `load-${i}@example.com`,
    }));
    const tokens: string[] = [];
    for (const person of people)
      tokens.push((await signInThroughProvider(url, person)).access_token);
    const loadTokens = tokens.slice(0, USERS);
    const warmUpTokens = tokens.slice(USERS);

    await Promise.all(
      warmUpTokens.map((token, i) => runUser(url, token, 1000 + i, WARM_UP_TASKS_EACH)),
    );
    const baseline = await settledMemory(api);

    let peakRss = api.rss();
    const sampler = setInterval(() => {
      if (api !== null) peakRss = Math.max(peakRss, api.rss());
    }, 200);
    const started = performance.now();
    const runs = await Promise.all(
      loadTokens.map((token, i) => runUser(url, token, i, TASKS_EACH)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = await settledMemory(api);

    const errors = runs.flatMap((r) => r.errors);
    const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
    expect(await api.stop()).toBe(0);
    api = null;

    // Counted in the data directory itself, with the server stopped.
    const database = await openPglite(dataDir);
    const { db } = database;
    const loadEmails = people.slice(0, USERS).map((person) => person.email);
    const loadUsers = (
      await db
        .select({ id: tables.users.id })
        .from(tables.users)
        .where(inArray(tables.users.email, loadEmails))
    ).map((user) => user.id);
    expect(loadUsers).toHaveLength(USERS);
    const rows = await db.$count(tables.tasks, inArray(tables.tasks.userId, loadUsers));
    const allRows = await db.$count(tables.tasks);
    await database.close();

    printFigures("suite 8 load", {
      users: USERS,
      tasks_each: TASKS_EACH,
      requests: latencies.length,
      errors: errors.length,
      rows,
      rows_with_warm_up: allRows,
      seconds: Math.round(seconds * 10) / 10,
      requests_per_second: Math.round(latencies.length / seconds),
      latency_ms_p50: Math.round(percentile(latencies, 0.5)),
      latency_ms_p95: Math.round(percentile(latencies, 0.95)),
      latency_ms_p99: Math.round(percentile(latencies, 0.99)),
      rss_mb_at_start: Math.round(rssAtStart / MB),
      rss_mb_baseline: Math.round(baseline.rss / MB),
      rss_mb_peak: Math.round(peakRss / MB),
      rss_mb_after: Math.round(after.rss / MB),
      heap_mb_baseline: Math.round((baseline.heapUsed / MB) * 10) / 10,
      heap_mb_after: Math.round((after.heapUsed / MB) * 10) / 10,
      external_mb_baseline: Math.round(baseline.external / MB),
      external_mb_after: Math.round(after.external / MB),
      rss_slack_mb: RSS_SLACK_MB,
      heap_slack_mb: HEAP_SLACK_MB,
    });

    expect(errors.slice(0, 10)).toEqual([]);
    expect(rows).toBe(USERS * TASKS_EACH);
    expect(allRows).toBe(USERS * TASKS_EACH + WARM_UP_USERS * WARM_UP_TASKS_EACH);
    expect((after.rss - baseline.rss) / MB).toBeLessThan(RSS_SLACK_MB);
    expect((after.heapUsed - baseline.heapUsed) / MB).toBeLessThan(HEAP_SLACK_MB);
  });
});
