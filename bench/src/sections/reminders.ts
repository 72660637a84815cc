// Section: reminders (issue 20), on the built API and worker over a private PostgreSQL with fsync
// on, one cluster for both parts: the bell, GET /notifications/ of one person with 10,000 tasks
// and 1,000 subscriptions (reminders-bell.ts), then one morning's 10,000 emails sent by the
// worker process into a loopback SMTP server (reminders-morning.ts).
import {
  postgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from "@life-admin/reliability/private-postgres";
import { formatNumber, type Goal } from "../report.js";
import { medianOfRounds } from "../stats.js";
import type { ClosedLoopFigures } from "../support/closed-loops.js";
import { IN_WINDOW, MORNING_HOUR } from "../support/morning-seed.js";
import { BELL_CLIENTS, measureBell } from "./reminders-bell.js";
import { MORNING, measureMorning } from "./reminders-morning.js";
import { SCALE } from "./scale.js";
import { kB, type Section } from "./section.js";

const GOALS = { bellP99Ms: 50, morningSeconds: 60, heapGrowthMiB: 10 };

const MiB = (bytes: number) => bytes / 2 ** 20;
const mib = (bytes: number) => formatNumber(MiB(bytes), 0);
const seconds = (ms: number) => formatNumber(ms / 1000, 1);
const thousands = (n: number) => Math.round(n).toLocaleString("en-US");
const latencies = (f: ClosedLoopFigures) => `${f.p50Ms} / ${f.p95Ms} / ${f.p99Ms}`;

export const remindersSection: Section = {
  key: "reminders",
  title:
    `Reminders: the bell of ${thousands(SCALE.tasks)} tasks and ` +
    `${thousands(SCALE.subscriptions)} subscriptions, and one morning's ` +
    `${thousands(MORNING.people)} emails, on PostgreSQL`,
  unavailable: () =>
    postgresBin() === null ? "no PostgreSQL server binaries (apt-get install postgresql)" : null,
  async run(context) {
    context.log("reminders: starting a private PostgreSQL (fsync on)");
    const cluster: PrivateCluster = await startPrivateCluster({ durable: true });
    try {
      const bell = await measureBell(cluster, context);
      const morning = await measureMorning(cluster, context);

      const single = medianOfRounds(bell.single);
      const several = medianOfRounds(bell.several);
      const { start, halfway, end } = morning.memory;
      const peak = {
        rss: Math.max(halfway.peak.rss, end.peak.rss),
        heapUsed: Math.max(halfway.peak.heapUsed, end.peak.heapUsed),
      };
      const heapGrowthMiB = MiB(end.afterGc.heapUsed - start.afterGc.heapUsed);
      const lastSeconds = morning.lastEmailMs / 1000;
      const sendingSeconds = (morning.lastEmailMs - morning.firstEmailMs) / 1000;
      const byRound = (rounds: ClosedLoopFigures[]) => rounds.map(latencies).join("; ");
      const { answer } = bell;
      const goals: Goal[] = [
        {
          what: "Reminders: GET /notifications/ (10,000 tasks, 1,000 subscriptions), one client, p99",
          target: `< ${GOALS.bellP99Ms} ms`,
          actual: `${single.p99Ms} ms`,
          met: single.p99Ms < GOALS.bellP99Ms,
        },
        {
          what: `Reminders: the same, ${BELL_CLIENTS} clients at once, p99`,
          target: `< ${GOALS.bellP99Ms} ms`,
          actual: `${several.p99Ms} ms`,
          met: several.p99Ms < GOALS.bellP99Ms,
        },
        {
          what: "Reminders: one morning's 10,000 emails, from the worker's start to the last accepted",
          target: `< ${GOALS.morningSeconds} s`,
          actual: `${seconds(morning.lastEmailMs)} s`,
          met: lastSeconds < GOALS.morningSeconds,
        },
        {
          what: "Reminders: the worker's memory flat (heap after a full GC, end against start)",
          target: `< +${GOALS.heapGrowthMiB} MiB`,
          actual: `${heapGrowthMiB >= 0 ? "+" : ""}${formatNumber(heapGrowthMiB, 1)} MiB`,
          met: heapGrowthMiB < GOALS.heapGrowthMiB,
        },
      ];
      return {
        key: "reminders",
        title: this.title,
        howToRead:
          "the bell: latency in ms (to a tenth) of GET /notifications/, one client and " +
          `${BELL_CLIENTS} clients on keep-alive connections of their own, each asking again as ` +
          `soon as answered, medians of ${context.rounds} interleaved rounds of ` +
          `${context.duration} s; CPU per answer from /proc (the API process, and all of ` +
          "PostgreSQL's processes). The morning: one run, timed from spawning the worker " +
          "(`node dist/worker.js`, as `pnpm worker` starts it; it sweeps as it starts) to each " +
          "email accepted by the SMTP server; its memory sampled every 50 ms in the process " +
          "(peak) and read after a full garbage collection at the start, halfway and the end.",
        columns: ["Figure", "Measured", "By round, or details"],
        rows: [
          [
            "GET /notifications/: the answer",
            `${answer.reminders} reminders, ${formatNumber(kB(answer.bytes), 0)} kB`,
            `${answer.byKind.task_overdue ?? 0} overdue, ${answer.byKind.task_due ?? 0} due ` +
              `today, ${answer.byKind.renewal ?? 0} renewals; ${answer.read} read`,
          ],
          [
            "GET /notifications/, 1 client: p50 / p95 / p99 ms",
            latencies(single),
            byRound(bell.single),
          ],
          [
            `GET /notifications/, ${BELL_CLIENTS} clients: p50 / p95 / p99 ms`,
            latencies(several),
            byRound(bell.several),
          ],
          [
            `GET /notifications/: req/s, 1 client / ${BELL_CLIENTS} clients`,
            `${thousands(single.rps)} / ${thousands(several.rps)}`,
            "",
          ],
          [
            "GET /notifications/: CPU µs per answer, API / PostgreSQL (1 client)",
            `${thousands(single.apiCpuUs)} / ${thousands(single.dbCpuUs)}`,
            bell.single.map((r) => `${thousands(r.apiCpuUs)} / ${thousands(r.dbCpuUs)}`).join("; "),
          ],
          [
            "Morning: s after spawning the worker: it started / the sweep had queued / the first / the last email accepted",
            `${seconds(morning.startedMs)} / ${seconds(morning.queuedMs)} / ` +
              `${seconds(morning.firstEmailMs)} / ${seconds(morning.lastEmailMs)}`,
            `${thousands(morning.emails / lastSeconds)} emails/s in all; ` +
              `${thousands(morning.emails / sendingSeconds)} from the first to the last`,
          ],
          [
            "Morning: CPU ms per email, worker / PostgreSQL",
            `${formatNumber(morning.cpu.workerMsPerEmail)} / ${formatNumber(morning.cpu.dbMsPerEmail)}`,
            "from the worker's start to its last job, the sweep included",
          ],
          [
            "Morning: emails accepted",
            thousands(morning.emails),
            `one to each person, each its own Message-ID; the ledger: ` +
              `${thousands(morning.ledger.sent)} mornings sent, ${morning.ledger.failed} failed, ` +
              `${thousands(morning.ledger.reminders)} reminders`,
          ],
          [
            "Worker RSS MiB: start / peak / end",
            `${mib(start.afterGc.rss)} / ${mib(peak.rss)} / ${mib(end.afterGc.rss)}`,
            `halfway ${mib(halfway.afterGc.rss)}`,
          ],
          [
            "Worker heap used MiB: start / peak / end",
            `${mib(start.afterGc.heapUsed)} / ${mib(peak.heapUsed)} / ${mib(end.afterGc.heapUsed)}`,
            `halfway ${mib(halfway.afterGc.heapUsed)}; start, halfway and end after a full GC`,
          ],
        ],
        notes: [
          "The bell's owner has the scale section's records, made through the API; the older " +
            "half of their reminders are marked read. Their time zone is UTC; for a person whose " +
            "date is behind UTC's (an evening in the Americas), the API reads every active " +
            "subscription at each request, not only those that may be in their window " +
            "(apps/api/src/db/notifications.ts): not measured here.",
          `The morning's people are written in two INSERTs (${formatNumber(morning.seedSeconds, 0)} s) ` +
            `in the ${morning.zones.length} time zones whose clocks read ${MORNING_HOUR}:xx at ` +
            `the start, reminder hour ${MORNING_HOUR}, each with ${MORNING.subscriptionsEach} ` +
            `subscriptions of which ${IN_WINDOW} are in their reminder window.`,
        ],
        goals,
        data: {
          bell: {
            answer,
            single: { median: single, rounds: bell.single },
            several: { clients: BELL_CLIENTS, median: several, rounds: bell.several },
          },
          morning: { ...morning, peak, heapGrowthMiB },
        },
      };
    } finally {
      await cluster.destroy();
    }
  },
};
