// Section 6: runtimes. The same built API on this process's Node and on another given with
// --compare-node (issue 15: Node 24 against Node 20), side by side in one run: start-up cold and
// warm (apps/api's measure-startup.ts, run by each Node), GET /tasks/ throughput and p99 on PGlite
// and on PostgreSQL, and the API's resident memory: its peak during start-up, idle once start-up's
// memory has settled, and at its peak under the load. Rounds interleaved across runtimes; medians
// quoted, with this Node's figure over the other's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBin, startPrivateCluster } from "@life-admin/reliability/private-postgres";
import { peakRssOf } from "@life-admin/reliability/rss-samples";
import { formatNumber, type Cell, type Goal } from "../report.js";
import { interleave, median, worseBeyondNoise } from "../stats.js";
import { outputOf } from "../support/child.js";
import {
  CONNECTIONS,
  runLoad,
  WARM_UP_SECONDS,
  withPeakRss,
  type LoadFigures,
} from "../support/load.js";
import { apiRoot } from "../support/paths.js";
import { startSeededApi, type SeededApi } from "../support/seeded-api.js";
import type { BenchContext, Section } from "./section.js";

/** How far a median moves between runs of the same code here (BENCHMARKS.md): not "worse". */
const NOISE = { ratio: 0.05, absolute: 1 };
const MiB = 2 ** 20;

interface Runtime {
  /** "Node 24" */
  label: string;
  node: string;
  version: string;
}

interface Served {
  runtime: Runtime;
  engine: "PGlite" | "PostgreSQL";
  seeded: SeededApi;
  /** The kernel's high-water mark after start-up and seeding (VmHWM). */
  startupPeakRss: number;
  idleRss: number;
  peakRss: number;
  rounds: LoadFigures[];
}

async function runtimeOf(node: string): Promise<Runtime> {
  const version = (await outputOf(node, ["--version"], { cwd: apiRoot })).trim();
  return { label: `Node ${version.replace(/^v/, "").split(".")[0] ?? "?"}`, node, version };
}

/** One cold start on a new data directory and one warm start on it, by `node` (milliseconds). */
async function startOnce(node: string): Promise<{ cold: number; warm: number }> {
  const output = await outputOf(
    node,
    ["--import", "tsx", join("scripts", "measure-startup.ts"), "1", "--json"],
    { cwd: apiRoot },
  );
  const { cold, warm } = JSON.parse(output) as { cold: number[]; warm: number[] };
  return { cold: cold[0] ?? Number.NaN, warm: warm[0] ?? Number.NaN };
}

/**
 * Resident memory once it has stopped moving: every sample of the last 3 s within 2 MiB (or the
 * last sample after 30 s). Right after start-up it is still moving: on Node 24, V8's optimizing
 * compiler takes about 600 MB for under a second for one of PGlite's WebAssembly functions
 * (BENCHMARKS.md, "Latest run", which says how much), and the first seconds' garbage is not
 * collected yet.
 */
async function settledRss(rss: () => number): Promise<number> {
  const everyMs = 250;
  const window = 3_000 / everyMs;
  const samples: number[] = [];
  const started = performance.now();
  for (;;) {
    samples.push(rss());
    const last = samples.slice(-window);
    const settled = last.length === window && Math.max(...last) - Math.min(...last) <= 2 * MiB;
    if (settled || performance.now() - started > 30_000) return samples.at(-1) ?? Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

interface Figure {
  what: string;
  unit: string;
  higherIsBetter: boolean;
  of: (runtime: Runtime) => number;
}

export const runtimesSection: Section = {
  key: "runtimes",
  title: "Runtimes: the same built API on two versions of Node",
  unavailable: (context: BenchContext) =>
    context.compareNode === null
      ? "no second Node to compare with (pnpm bench -- --section runtimes --compare-node PATH)"
      : null,
  async run(context) {
    const cleanups: (() => Promise<unknown>)[] = [];
    try {
      const ours = await runtimeOf(process.execPath);
      const theirs = await runtimeOf(context.compareNode ?? process.execPath);
      const runtimes = [ours, theirs];

      const startups = new Map<Runtime, { cold: number[]; warm: number[] }>(
        runtimes.map((runtime) => [runtime, { cold: [], warm: [] }]),
      );
      await interleave(runtimes, context.rounds, async (runtime, round) => {
        context.log(`runtimes: round ${round + 1}, start-up on ${runtime.label}`);
        const { cold, warm } = await startOnce(runtime.node);
        startups.get(runtime)?.cold.push(cold);
        startups.get(runtime)?.warm.push(warm);
      });

      const databases: {
        engine: Served["engine"];
        env: (runtime: Runtime) => Record<string, string>;
      }[] = [];
      const dataDirs = new Map(
        runtimes.map((runtime) => [runtime, mkdtempSync(join(tmpdir(), "life-admin-runtime-"))]),
      );
      cleanups.push(() => {
        for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      });
      databases.push({
        engine: "PGlite",
        env: (runtime) => ({ DATA_DIR: dataDirs.get(runtime) ?? "" }),
      });
      const notes: string[] = [];
      if (postgresBin() === null) {
        notes.push("PostgreSQL was not measured: no server binaries (apt-get install postgresql).");
      } else {
        context.log("runtimes: starting a private PostgreSQL");
        const cluster = await startPrivateCluster({ durable: true });
        cleanups.unshift(() => cluster.destroy());
        databases.push({ engine: "PostgreSQL", env: () => ({ DATABASE_URL: cluster.url }) });
      }

      const served: Served[] = [];
      for (const { engine, env } of databases) {
        for (const runtime of runtimes) {
          const seeded = await startSeededApi({
            name: `${engine} ${runtime.label}`,
            env: env(runtime),
            node: runtime.node,
            log: (message) => {
              context.log(`runtimes: ${message}`);
            },
          });
          cleanups.unshift(() => seeded.api.stop());
          served.push({
            runtime,
            engine,
            seeded,
            startupPeakRss: peakRssOf(seeded.api.pid) ?? Number.NaN,
            idleRss: await settledRss(() => seeded.api.rss()),
            peakRss: 0,
            rounds: [],
          });
        }
      }
      const load = async (subject: Served, seconds: number) => {
        const { result, peakRss } = await withPeakRss(
          () => subject.seeded.api.rss(),
          () =>
            runLoad(subject.seeded.targets["GET /tasks/"], {
              connections: CONNECTIONS,
              duration: seconds,
            }),
        );
        subject.peakRss = Math.max(subject.peakRss, peakRss);
        return result;
      };
      for (const subject of served) {
        context.log(
          `runtimes: warming up GET /tasks/ on ${subject.engine}, ${subject.runtime.label}`,
        );
        await load(subject, WARM_UP_SECONDS);
      }
      await interleave(served, context.rounds, async (subject, round) => {
        context.log(
          `runtimes: round ${round + 1}, GET /tasks/ on ${subject.engine}, ${subject.runtime.label}`,
        );
        subject.rounds.push(await load(subject, context.duration));
      });

      const on = (engine: Served["engine"], runtime: Runtime) =>
        served.find((s) => s.engine === engine && s.runtime === runtime);
      const figures: Figure[] = [
        {
          what: "start-up, cold: a new data directory (PGlite)",
          unit: "ms",
          higherIsBetter: false,
          of: (runtime) => median(startups.get(runtime)?.cold ?? []),
        },
        {
          what: "start-up, warm: the same directory again (PGlite)",
          unit: "ms",
          higherIsBetter: false,
          of: (runtime) => median(startups.get(runtime)?.warm ?? []),
        },
        ...databases.flatMap(({ engine }): Figure[] => [
          {
            what: `GET /tasks/ on ${engine}`,
            unit: "req/s",
            higherIsBetter: true,
            of: (runtime) => median(on(engine, runtime)?.rounds.map((r) => r.rps) ?? []),
          },
          {
            what: `GET /tasks/ on ${engine}, p99`,
            unit: "ms",
            higherIsBetter: false,
            of: (runtime) => median(on(engine, runtime)?.rounds.map((r) => r.p99Ms) ?? []),
          },
          {
            what: `RSS on ${engine}, peak during start-up`,
            unit: "MiB",
            higherIsBetter: false,
            of: (runtime) => (on(engine, runtime)?.startupPeakRss ?? Number.NaN) / MiB,
          },
          {
            what: `RSS on ${engine}, idle after start-up`,
            unit: "MiB",
            higherIsBetter: false,
            of: (runtime) => (on(engine, runtime)?.idleRss ?? Number.NaN) / MiB,
          },
          {
            what: `RSS on ${engine}, peak under the load`,
            unit: "MiB",
            higherIsBetter: false,
            of: (runtime) => (on(engine, runtime)?.peakRss ?? Number.NaN) / MiB,
          },
        ]),
      ];

      const rows: Cell[][] = [];
      const worse: string[] = [];
      for (const figure of figures) {
        const [a, b] = [figure.of(ours), figure.of(theirs)];
        rows.push([
          figure.what,
          figure.unit,
          Math.round(a),
          Math.round(b),
          `${formatNumber(a / b)}x`,
        ]);
        if (
          worseBeyondNoise({
            ours: a,
            theirs: b,
            higherIsBetter: figure.higherIsBetter,
            noise: NOISE,
          })
        ) {
          worse.push(`${figure.what} (${Math.round(a)} against ${Math.round(b)} ${figure.unit})`);
        }
      }
      const goals: Goal[] = [
        {
          what: `Runtimes: no figure of ${ours.label} worse than ${theirs.label}'s`,
          target: `within ${NOISE.ratio * 100}% (or ${NOISE.absolute} unit)`,
          actual: worse.length === 0 ? "none worse" : `worse: ${worse.join("; ")}`,
          met: worse.length === 0,
        },
      ];
      notes.push(
        `${ours.label} is ${ours.version} (${ours.node}); ${theirs.label} is ${theirs.version} ` +
          `(${theirs.node}). Both run the same apps/api/dist/server.js and node_modules.`,
      );
      return {
        key: "runtimes",
        title: this.title,
        howToRead:
          `medians of ${context.rounds} interleaved rounds per runtime: start-up as in the ` +
          `start-up section; GET /tasks/ (100 tasks) at ${CONNECTIONS} connections for ` +
          `${context.duration} s a round, as in the API section; RSS from /proc: the peak during ` +
          "start-up is the kernel's high-water mark (VmHWM) after start-up and seeding, idle is " +
          "once it has stopped moving (3 s within 2 MiB). The last column " +
          `is ${ours.label}'s figure over ${theirs.label}'s (below 1 is less: better for ms and ` +
          "MiB, worse for req/s).",
        columns: ["Figure", "Unit", ours.label, theirs.label, `${ours.label} / ${theirs.label}`],
        rows,
        notes,
        goals,
        data: {
          runtimes: runtimes.map(({ label, node, version }) => ({ label, node, version })),
          startups: runtimes.map((runtime) => ({ label: runtime.label, ...startups.get(runtime) })),
          load: served.map(({ runtime, engine, startupPeakRss, idleRss, peakRss, rounds }) => ({
            runtime: runtime.label,
            engine,
            startupPeakRss,
            idleRss,
            peakRss,
            rounds,
          })),
        },
      };
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    }
  },
};
