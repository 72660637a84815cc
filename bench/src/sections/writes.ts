// Section: writes as people make them (issue 18). 50 people at once on 50 connections, each person
// with one request in flight at a time (so the 50 connections always carry 50 different people's
// requests), creating tasks (POST /tasks/), editing one (PATCH /tasks/{id}) and completing one (POST
// /tasks/{id}/complete), against the built API on a private PostgreSQL with fsync on; and, beside
// each, pgbench doing the same INSERT or UPDATE on the same cluster with 50 clients: the
// database's own ceiling at that concurrency. (The API section's POST is one user on 50
// connections: a lock on that user's row, not the API.) Rounds interleave the API and pgbench.
// The people's requests are sent by wrk, a client in C, on one thread (support/wrk-loops.ts): on
// two cores, whatever the load's client spends is taken from the API and PostgreSQL. pgbench runs
// its 50 clients on two threads (support/pgbench.ts, --jobs=2), which gets more out of the
// database than one (session 19: the INSERT at 4,252-5,313 tps on two, 3,923-4,166 on one).
import { startApiProcess, type ApiProcess } from "@life-admin/reliability/api-process";
import { freePort } from "@life-admin/reliability/free-port";
import {
  postgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from "@life-admin/reliability/private-postgres";
import { formatNumber, type Cell, type Goal } from "../report.js";
import { interleave, median, medianOfRounds } from "../stats.js";
import type { ClosedLoopFigures, NextRequest } from "../support/closed-loops.js";
import { CONNECTIONS, WARM_UP_SECONDS } from "../support/load.js";
import { runPgbench, type PgbenchFigures } from "../support/pgbench.js";
import { clusterCpuSeconds, cpuSeconds } from "@life-admin/reliability/process-cpu";
import { signIn, taskFor, type SeededUser } from "../support/seed.js";
import { runWrkLoops, wrkInstalled, type AnsweredBy } from "../support/wrk-loops.js";
import type { Section } from "./section.js";

const GOAL = { ratio: 0.5, p99Ms: 50 };
const WRITES = ["POST /tasks/", "PATCH /tasks/{id}", "POST /tasks/{id}/complete"] as const;
type Write = (typeof WRITES)[number];

/** A round of the API's: its figures, and the CPU the API and the database spent per answer. */
type ApiRound = ClosedLoopFigures & { cpuUs: number; dbCpuUs: number };
/** A round of pgbench's, and the database's CPU per transaction. */
type PgbenchRound = PgbenchFigures & { dbCpuUs: number };

/** One person of the load: their token, their id and the one task they edit and complete. */
interface Writer {
  token: string;
  userId: number;
  taskId: number;
}

/**
 * The SQL each write boils down to, for pgbench (`:client_id` is 0..49; users and their tasks
 * were made one after another, so their ids are consecutive).
 */
const PGBENCH_SCRIPTS: Record<Write, string> = {
  "POST /tasks/": `\\set uid :first_user + :client_id
INSERT INTO tasks (user_id, title, notes, due_date, frequency, priority, anchor_at)
  VALUES (:uid, 'Renew passport', NULL, now(), 'Monthly', 'High', now()) RETURNING *;
`,
  "PATCH /tasks/{id}": `\\set uid :first_user + :client_id
\\set tid :first_task + :client_id
UPDATE tasks SET title = 'Renew passport ' || random() WHERE id = :tid AND user_id = :uid RETURNING *;
`,
  "POST /tasks/{id}/complete": `\\set uid :first_user + :client_id
\\set tid :first_task + :client_id
BEGIN;
INSERT INTO task_completions
    (task_id, due_date, occurrence, anchor_at, frequency, repeat_interval, completed_at)
  SELECT id, due_date, occurrence, anchor_at, frequency, repeat_interval, now() FROM tasks
  WHERE id = :tid AND user_id = :uid;
UPDATE tasks SET occurrence = occurrence + 1,
  due_date = anchor_at + (occurrence + 1) * interval '1 day'
  WHERE id = :tid AND user_id = :uid RETURNING *;
COMMIT;
`,
};

function loopsFor(write: Write, writers: readonly Writer[]): NextRequest[] {
  return writers.map((writer) => (n: number) => {
    const headers = {
      Authorization: `Bearer ${writer.token}`,
      "Content-Type": "application/json",
    };
    switch (write) {
      case "POST /tasks/":
        return {
          method: "POST",
          path: "/tasks/",
          headers,
          body: JSON.stringify(taskFor(n, new Date())),
        };
      case "PATCH /tasks/{id}":
        return {
          method: "PATCH",
          path: `/tasks/${writer.taskId}`,
          headers,
          body: JSON.stringify({ title: `Renew passport (${n})` }),
        };
      case "POST /tasks/{id}/complete":
        return { method: "POST", path: `/tasks/${writer.taskId}/complete`, headers };
      default: {
        const unknown: never = write;
        throw new Error(`unknown write ${String(unknown)}`);
      }
    }
  });
}

/** Each answer is the task written, which names its person by owner_id. */
function answeredBy(writers: readonly Writer[]): AnsweredBy {
  return { pattern: '"owner_id":(%d+)', keys: writers.map((writer) => String(writer.userId)) };
}

/** Ids made one after another must follow each other, or pgbench's scripts would miss. */
function firstOfConsecutive(ids: readonly number[], what: string): number {
  const first = ids[0];
  if (first === undefined || ids.some((id, i) => id !== first + i)) {
    throw new Error(`the ${what} ids are not consecutive: ${ids.join(", ")}`);
  }
  return first;
}

async function makeWriters(apiUrl: string, log: (m: string) => void): Promise<Writer[]> {
  log(`writes: signing in ${CONNECTIONS} people, one task each`);
  const people: SeededUser[] = [];
  // One after another, so that the users' and tasks' ids are consecutive.
  for (let i = 0; i < CONNECTIONS; i += 1) people.push(await signIn(apiUrl, `Writer ${i + 1}`));
  const writers: Writer[] = [];
  for (const person of people) {
    const me = await person.client.users.me();
    const task = await person.client.tasks.create({
      title: "Water the plants",
      due_date: "2026-01-01T08:00:00Z",
      frequency: "Daily",
      priority: "Medium",
    });
    writers.push({ token: person.tokens.access_token, userId: me.id, taskId: task.id });
  }
  return writers;
}

export const writesSection: Section = {
  key: "writes",
  title: `Writes: ${CONNECTIONS} people at once against pgbench on the same PostgreSQL`,
  unavailable: () => {
    if (postgresBin() === null) return "no PostgreSQL server binaries (apt-get install postgresql)";
    return wrkInstalled() ? null : "no wrk, the load's client (apt-get install wrk)";
  },
  async run(context) {
    const cleanups: (() => Promise<unknown>)[] = [];
    try {
      context.log("writes: starting a private PostgreSQL (fsync on)");
      const cluster: PrivateCluster = await startPrivateCluster({ durable: true });
      cleanups.unshift(() => cluster.destroy());
      const port = await freePort();
      const env = {
        DATABASE_URL: cluster.url,
        // 50 sign-ins from one address in a few seconds: the bench is not a flood.
        RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000",
      };
      const seeding = await startApiProcess({ port, env });
      const writers = await makeWriters(seeding.url, context.log).finally(() => seeding.stop());
      // As the API section does: the load meets a process that never ran the local provider.
      const api: ApiProcess = await startApiProcess({ port, env });
      cleanups.unshift(() => api.stop());
      const variables = {
        first_user: firstOfConsecutive(
          writers.map((w) => w.userId),
          "users'",
        ),
        first_task: firstOfConsecutive(
          writers.map((w) => w.taskId),
          "tasks'",
        ),
      };

      const subjects = WRITES.flatMap((write) =>
        (["API", "pgbench"] as const).map((by) => ({ write, by })),
      );
      const apiRounds = new Map<Write, ApiRound[]>();
      const pgRounds = new Map<Write, PgbenchRound[]>();
      const runSubject = async (
        subject: (typeof subjects)[number],
        seconds: number,
      ): Promise<ApiRound | PgbenchRound> => {
        const dbBefore = clusterCpuSeconds(cluster);
        const usPer = (cpu: number, rate: number) => (cpu * 1e6) / (rate * seconds);
        if (subject.by === "API") {
          const cpuBefore = cpuSeconds(api.pid);
          const figures = await runWrkLoops(
            api.url,
            loopsFor(subject.write, writers),
            answeredBy(writers),
            seconds,
          );
          return {
            ...figures,
            cpuUs: usPer(cpuSeconds(api.pid) - cpuBefore, figures.rps),
            dbCpuUs: usPer(clusterCpuSeconds(cluster) - dbBefore, figures.rps),
          };
        }
        const figures = await runPgbench({
          url: cluster.url,
          script: PGBENCH_SCRIPTS[subject.write],
          variables,
          clients: CONNECTIONS,
          seconds,
        });
        return { ...figures, dbCpuUs: usPer(clusterCpuSeconds(cluster) - dbBefore, figures.tps) };
      };
      for (const subject of subjects) {
        context.log(`writes: warming up ${subject.write} by ${subject.by}`);
        await runSubject(subject, WARM_UP_SECONDS);
      }
      await interleave(subjects, context.rounds, async (subject, round) => {
        context.log(`writes: round ${round + 1}, ${subject.write} by ${subject.by}`);
        const figures = await runSubject(subject, context.duration);
        if (subject.by === "API") {
          apiRounds.set(subject.write, [
            ...(apiRounds.get(subject.write) ?? []),
            figures as ApiRound,
          ]);
        } else {
          pgRounds.set(subject.write, [
            ...(pgRounds.get(subject.write) ?? []),
            figures as PgbenchRound,
          ]);
        }
      });

      const rows: Cell[][] = [];
      const goals: Goal[] = [];
      const data: Record<string, unknown> = {};
      for (const write of WRITES) {
        const apiAll = apiRounds.get(write) ?? [];
        const pgAll = pgRounds.get(write) ?? [];
        const ours = medianOfRounds(apiAll);
        const ceiling = median(pgAll.map((r) => r.tps));
        const pgbenchP99Ms = median(pgAll.map((r) => r.p99Ms));
        const ratio = ours.rps / ceiling;
        rows.push([
          write,
          Math.round(ours.rps),
          ours.p50Ms,
          ours.p99Ms,
          Math.round(ours.cpuUs),
          Math.round(ours.dbCpuUs),
          Math.round(ceiling),
          formatNumber(median(pgAll.map((r) => r.meanMs))),
          pgbenchP99Ms,
          Math.round(median(pgAll.map((r) => r.dbCpuUs))),
          `${formatNumber(ratio)}x`,
        ]);
        data[write] = { api: apiAll, pgbench: pgAll, ratio };
        goals.push(
          {
            what: `Writes: ${write} by ${CONNECTIONS} people vs pgbench`,
            target: `>= ${GOAL.ratio}x`,
            actual: `${formatNumber(ratio)}x`,
            met: ratio >= GOAL.ratio,
          },
          {
            what: `Writes: ${write}, p99`,
            target: `< ${GOAL.p99Ms} ms`,
            actual: `${ours.p99Ms} ms (pgbench: ${pgbenchP99Ms} ms)`,
            met: ours.p99Ms < GOAL.p99Ms,
          },
        );
      }
      return {
        key: "writes",
        title: this.title,
        howToRead:
          `the API: answers per second and latency percentiles in ms, ${CONNECTIONS} people at once ` +
          `on ${CONNECTIONS} keep-alive connections, each person sending their next request when ` +
          `their last was answered; pgbench: transactions per second, mean latency and p99 (from its ` +
          `per-transaction log) of the same INSERT or UPDATE with ${CONNECTIONS} clients on the ` +
          `same cluster (fsync on), the database's own tail at that concurrency; medians of ` +
          `${context.rounds} interleaved rounds of ${context.duration} s; API CPU is the API ` +
          "process's user and system time per answer, DB CPU the cluster's processes' per answer " +
          "or per transaction (from /proc); x pgbench is the API's rate over the database's own. " +
          "The people's requests are sent by wrk on one thread (C); pgbench runs its 50 clients " +
          "on two threads (--jobs=2).",
        columns: [
          "Write",
          "API req/s",
          "API p50 ms",
          "API p99 ms",
          "API CPU µs/req",
          "DB CPU µs/req",
          "pgbench tps",
          "pgbench mean ms",
          "pgbench p99 ms",
          "pgbench DB CPU µs/tx",
          "x pgbench",
        ],
        rows,
        notes: [
          "Each person edits and completes a task of their own (a Daily task: each completion " +
            "records the occurrence it closed and moves the task to the next day).",
        ],
        goals,
        data,
      };
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    }
  },
};
