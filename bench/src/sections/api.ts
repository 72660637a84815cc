// Section 3: API throughput and latency. The built API as its own process, on PGlite and on a
// private PostgreSQL with its default durability (fsync on), each with a user holding 100 tasks;
// and in the same run a bare node:http server repeating the API's own answers (the baseline).
// autocannon, 50 connections, no pipelining, a warm-up per target, then rounds interleaved
// across every target; medians quoted, each as a ratio to the baseline of the same request.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApiProcess } from "@life-admin/reliability/api-process";
import {
  postgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from "@life-admin/reliability/private-postgres";
import { formatNumber, type Cell, type Goal } from "../report.js";
import { interleave, medianOfRounds } from "../stats.js";
import { recordAnswer, startBaseline, type Baseline } from "../support/baseline.js";
import {
  CONNECTIONS,
  runLoad,
  WARM_UP_SECONDS,
  withPeakRss,
  type LoadFigures,
  type LoadTarget,
} from "../support/load.js";
import { startSeededApi, TASKS_OF_READER, type TasksRequest } from "../support/seeded-api.js";
import type { BenchContext, Section } from "./section.js";

const GOAL = { ratio: 0.5, p99Ms: 50 };

type Engine = "PGlite" | "PostgreSQL";
const REQUESTS: TasksRequest[] = ["GET /tasks/", "POST /tasks/"];

interface Server {
  name: Engine | "node:http baseline";
  targets: Record<TasksRequest, LoadTarget>;
  /** The API's process, for its memory; null for the baseline. */
  api: ApiProcess | null;
  peakRss: number;
}

async function startEngine(
  engine: Engine,
  env: Record<string, string>,
  context: BenchContext,
): Promise<Server & { api: ApiProcess }> {
  const { api, targets } = await startSeededApi({ name: engine, env, log: context.log });
  return { name: engine, api, targets, peakRss: 0 };
}

/** The API's answers to one GET and one POST, for the baseline to repeat. */
async function recordAnswers(targets: Record<TasksRequest, LoadTarget>) {
  // autocannon sends no Accept-Encoding, so the API answers with the JSON as it is; fetch would
  // ask for gzip by itself (and unzip it), so it is told to ask for the same bytes.
  const ask = (target: LoadTarget) =>
    fetch(target.url, {
      method: target.method,
      headers: { ...target.headers, "Accept-Encoding": "identity" },
      body: target.body ?? null,
    });
  return {
    GET: await recordAnswer(await ask(targets["GET /tasks/"])),
    POST: await recordAnswer(await ask(targets["POST /tasks/"])),
  };
}

export const apiSection: Section = {
  key: "api",
  title: `API: autocannon, ${CONNECTIONS} connections, against a bare node:http baseline`,
  unavailable: () => null,
  async run(context) {
    const cleanups: (() => Promise<unknown>)[] = [];
    const notes: string[] = [];
    try {
      const dataDir = mkdtempSync(join(tmpdir(), "life-admin-bench-pglite-"));
      cleanups.push(() => {
        rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      });
      const engines: Server[] = [];
      const pglite = await startEngine("PGlite", { DATA_DIR: dataDir }, context);
      cleanups.unshift(() => pglite.api.stop());
      engines.push(pglite);

      if (postgresBin() === null) {
        notes.push("PostgreSQL was not measured: no server binaries (apt-get install postgresql).");
      } else {
        context.log("api: starting a private PostgreSQL");
        const cluster: PrivateCluster = await startPrivateCluster({ durable: true });
        cleanups.unshift(() => cluster.destroy());
        const postgres = await startEngine("PostgreSQL", { DATABASE_URL: cluster.url }, context);
        cleanups.unshift(() => postgres.api.stop());
        engines.push(postgres);
      }

      const answers = await recordAnswers(pglite.targets);
      const baseline: Baseline = await startBaseline(answers);
      cleanups.unshift(() => baseline.stop());
      const baselineTargets = Object.fromEntries(
        REQUESTS.map((request) => [
          request,
          { ...pglite.targets[request], url: `${baseline.url}/tasks/` },
        ]),
      ) as Record<TasksRequest, LoadTarget>;

      const servers: Server[] = [
        { name: "node:http baseline", targets: baselineTargets, api: null, peakRss: 0 },
        ...engines,
      ];
      const subjects = REQUESTS.flatMap((request) =>
        servers.map((server) => ({ request, server })),
      );
      const rounds = new Map<string, LoadFigures[]>();
      const load = async (subject: (typeof subjects)[number], seconds: number) => {
        const work = () =>
          runLoad(subject.server.targets[subject.request], {
            connections: CONNECTIONS,
            duration: seconds,
          });
        const { api } = subject.server;
        if (api === null) return work();
        const { result, peakRss } = await withPeakRss(() => api.rss(), work);
        subject.server.peakRss = Math.max(subject.server.peakRss, peakRss);
        return result;
      };

      for (const subject of subjects) {
        context.log(`api: warming up ${subject.request} on ${subject.server.name}`);
        await load(subject, WARM_UP_SECONDS);
      }
      await interleave(subjects, context.rounds, async (subject, round) => {
        context.log(`api: round ${round + 1}, ${subject.request} on ${subject.server.name}`);
        const key = `${subject.request} ${subject.server.name}`;
        rounds.set(key, [...(rounds.get(key) ?? []), await load(subject, context.duration)]);
      });

      const rows: Cell[][] = [];
      const goals: Goal[] = [];
      const data: Record<string, unknown> = {};
      for (const request of REQUESTS) {
        const base = medianOfRounds(rounds.get(`${request} node:http baseline`) ?? []);
        for (const server of servers) {
          const all = rounds.get(`${request} ${server.name}`) ?? [];
          const figures = medianOfRounds(all);
          const ratio = figures.rps / base.rps;
          rows.push([
            request,
            server.name,
            Math.round(figures.rps),
            figures.p50Ms,
            figures.p99Ms,
            server.api === null ? "1" : `${formatNumber(ratio)}x`,
          ]);
          data[`${request} ${server.name}`] = { median: figures, ratio, rounds: all };
          if (request === "GET /tasks/" && server.name === "PostgreSQL") {
            goals.push(
              {
                what: "API: GET /tasks/ on PostgreSQL vs the baseline",
                target: `>= ${GOAL.ratio}x`,
                actual: `${formatNumber(ratio)}x`,
                met: ratio >= GOAL.ratio,
              },
              {
                what: "API: GET /tasks/ on PostgreSQL, p99",
                target: `< ${GOAL.p99Ms} ms`,
                actual: `${figures.p99Ms} ms`,
                met: figures.p99Ms < GOAL.p99Ms,
              },
            );
          }
        }
      }
      for (const server of servers) {
        if (server.api === null) continue;
        notes.push(
          `Peak RSS of the API on ${server.name} during the load: ` +
            `${Math.round(server.peakRss / 2 ** 20)} MiB.`,
        );
        data[`peakRss ${server.name}`] = server.peakRss;
      }
      notes.push(
        `GET /tasks/ answers a user's ${TASKS_OF_READER} tasks (${answers.GET.body.length} bytes ` +
          "of JSON); POST /tasks/ creates a task for another user each time. The baseline " +
          "repeats the API's own answers, headers included.",
      );
      return {
        key: "api",
        title: this.title,
        howToRead:
          `requests answered per second and latency percentiles in ms at ${CONNECTIONS} ` +
          `connections; median of ${context.rounds} rounds of ${context.duration} s, interleaved; ` +
          "x baseline is the API's req/s over the bare node:http server's for the same request " +
          "in the same run (1 = as fast as Node can answer those bytes at all).",
        columns: ["Request", "Server", "req/s", "p50 ms", "p99 ms", "x baseline"],
        rows,
        notes,
        goals,
        data,
      };
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    }
  },
};
