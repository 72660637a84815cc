// Issue 8, suite 9: PostgreSQL stopped under the running API. The built API runs as its own
// process on a private PostgreSQL cluster; clients keep calling it while the cluster is stopped
// (pg_ctl stop -m fast, then -m immediate: a clean shutdown and a crash), kept down, and started
// again. While it is down every request answers 503 with a detail within 5 seconds and /health
// says not ready (503); nothing hangs and nothing is a 500. When it is back the same process
// (same pid, no restart) serves again, with the data from before.
import { createScratchDatabase, type ScratchDatabase } from "@life-admin/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printFigures, Tally } from "../../src/figures.js";
import {
  assertServerBuilt,
  startApiProcess,
  type ApiProcess,
} from "../../src/process/api-process.js";
import { freePort } from "../../src/process/free-port.js";
import {
  postgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from "../../src/process/private-postgres.js";
import { signInThroughProvider } from "../../src/sign-in-driver.js";
import { recordFor } from "../../src/workload.js";

const ANSWER_WITHIN_MS = 5000;
const DOWN_FOR_MS = 6000;
const BACK_WITHIN_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timed {
  what: string;
  status: number;
  ms: number;
  detail: unknown;
  retryAfter: string | null;
}

let cluster: PrivateCluster | null = null;
let scratch: ScratchDatabase | null = null;
let api: ApiProcess | null = null;

beforeAll(async () => {
  if (postgresBin() === null) return;
  assertServerBuilt();
  cluster = await startPrivateCluster();
  scratch = await createScratchDatabase(cluster.url);
});

afterAll(async () => {
  await api?.stop();
  await scratch?.drop().catch(() => undefined);
  await cluster?.destroy();
});

describe.skipIf(postgresBin() === null)("suite 9: PostgreSQL stopped under the API", () => {
  it("answers 503 within 5 s while it is down, and serves again without a restart", async () => {
    if (cluster === null || scratch === null) throw new Error("no cluster");
    const db = cluster;
    api = await startApiProcess({ port: await freePort(), env: { DATABASE_URL: scratch.url } });
    const server = api;
    const { access_token: token } = await signInThroughProvider(server.url, {
      name: "Outage",
      email: "outage@example.com",
    });
    const auth = { Authorization: `Bearer ${token}` };

    let n = 0;
    const calls: Record<string, () => Promise<Response>> = {
      "GET /health": () => fetch(`${server.url}/health`),
      "GET /tasks/": () => fetch(`${server.url}/tasks/`, { headers: auth }),
      "GET /users/me": () => fetch(`${server.url}/users/me`, { headers: auth }),
      "POST /tasks/": () =>
        fetch(`${server.url}/tasks/`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify(recordFor("tasks", `outage task ${(n += 1)}`, n).body),
        }),
    };
    async function timed(what: string): Promise<Timed> {
      const started = performance.now();
      const response = await (calls[what] ?? (() => Promise.reject(new Error(what))))();
      const body = (await response.json()) as { detail?: unknown };
      return {
        what,
        status: response.status,
        ms: performance.now() - started,
        detail: body.detail,
        retryAfter: response.headers.get("retry-after"),
      };
    }

    for (let i = 0; i < 5; i += 1) expect((await timed("POST /tasks/")).status).toBe(201);
    const before = (await (await calls["GET /tasks/"]?.())?.json()) as unknown[];

    const statuses = new Tally();
    const outageFigures: Record<string, number> = {};
    let duringOutage = 0;
    let slowest = 0;
    for (const mode of ["fast", "immediate"] as const) {
      // Clients keep calling throughout: before, during and after the stop.
      let calling = true;
      const seen: Timed[] = [];
      const clients = Promise.all(
        Object.keys(calls).map(async (what) => {
          while (calling) {
            seen.push(await timed(what));
            await sleep(50);
          }
        }),
      );
      await sleep(300);
      await db.stop(mode);
      const down = performance.now();
      await sleep(DOWN_FOR_MS);

      // While it is down: every operation, one more time, explicitly.
      for (const what of Object.keys(calls)) {
        const answer = await timed(what);
        expect(answer.status, `${what} while PostgreSQL is down`).toBe(503);
        expect(typeof answer.detail).toBe("string");
        expect(answer.retryAfter).toBe("5");
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }

      await db.start();
      const up = performance.now();
      let recoveredMs = -1;
      while (performance.now() - up < BACK_WITHIN_MS) {
        if ((await timed("GET /health")).status === 200) {
          recoveredMs = performance.now() - up;
          break;
        }
        await sleep(100);
      }
      calling = false;
      await clients;

      expect(recoveredMs, `/health ready again within ${BACK_WITHIN_MS} ms`).toBeGreaterThanOrEqual(
        0,
      );
      for (const answer of seen) {
        statuses.add(answer.status);
        slowest = Math.max(slowest, answer.ms);
        expect([200, 201, 503], `${answer.what} answered ${answer.status}`).toContain(
          answer.status,
        );
        expect(answer.ms, `${answer.what} took ${Math.round(answer.ms)} ms`).toBeLessThan(
          ANSWER_WITHIN_MS,
        );
      }
      duringOutage += seen.filter((a) => a.status === 503).length;
      outageFigures[`down_ms_${mode}`] = Math.round(up - down);
      outageFigures[`back_after_ms_${mode}`] = Math.round(recoveredMs);
    }

    // Serving again: the same process, the data from before, and new writes.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(server.pid);
    const after = (await (await calls["GET /tasks/"]?.())?.json()) as unknown[];
    expect(after).toEqual(expect.arrayContaining(before));
    expect((await timed("POST /tasks/")).status).toBe(201);
    expect((await timed("GET /users/me")).status).toBe(200);

    printFigures("suite 9 outage", {
      outages: 2,
      requests: statuses.total(),
      statuses: statuses.counts,
      answered_503_while_down: duringOutage,
      slowest_ms: Math.round(slowest),
      ...outageFigures,
      same_process: true,
    });
  });
});
