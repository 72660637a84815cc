// The reminders section's bell (issue 20): GET /notifications/ for one person with the scale
// section's records (10,000 tasks, 1,000 subscriptions, made through the API: a few hundred tasks
// overdue or due today, two dozen renewals in their window), half of their reminders read; one
// client at a time, and a few at once (the same person's tabs and devices), on the built API.
import { REMINDER_KINDS, type Notification } from "@life-admin/domain";
import { startApiProcess } from "@life-admin/reliability/api-process";
import { freePort } from "@life-admin/reliability/free-port";
import type { PrivateCluster } from "@life-admin/reliability/private-postgres";
import { interleave } from "../stats.js";
import {
  runClosedLoops,
  type ClosedLoopFigures,
  type NextRequest,
} from "../support/closed-loops.js";
import { WARM_UP_SECONDS } from "../support/load.js";
import { clusterCpuSeconds, cpuSeconds } from "@life-admin/reliability/process-cpu";
import { seedRecords, signIn } from "../support/seed.js";
import { SCALE } from "./scale.js";
import type { BenchContext } from "./section.js";

/** The same person's tabs and devices asking at once. */
export const BELL_CLIENTS = 4;

export interface BellAnswer {
  reminders: number;
  byKind: Record<string, number>;
  read: number;
  bytes: number;
}

/** A round of the bell: its latencies, and the CPU the API and PostgreSQL spent per answer. */
export type BellRound = ClosedLoopFigures & { apiCpuUs: number; dbCpuUs: number };

export interface BellFigures {
  answer: BellAnswer;
  single: BellRound[];
  several: BellRound[];
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function bellOf(
  apiUrl: string,
  token: string,
): Promise<{ list: Notification[]; bytes: number }> {
  const res = await fetch(`${apiUrl}/notifications/`, { headers: bearer(token) });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET /notifications/: ${res.status} ${body}`);
  return { list: JSON.parse(body) as Notification[], bytes: Buffer.byteLength(body) };
}

/** The bell's owner, made through the API, with the older half of their reminders read. */
async function seedBellOwner(apiUrl: string): Promise<string> {
  const owner = await signIn(apiUrl, "Bell Owner");
  await seedRecords(owner, SCALE);
  const token = owner.tokens.access_token;
  const { list } = await bellOf(apiUrl, token);
  if (list.length === 0) throw new Error("the bell's owner has no reminders");
  const read = await fetch(`${apiUrl}/notifications/read`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ ids: list.slice(list.length / 2).map((n) => n.id) }),
  });
  if (read.status !== 204) throw new Error(`POST /notifications/read: ${read.status}`);
  return token;
}

export async function measureBell(
  cluster: PrivateCluster,
  context: BenchContext,
): Promise<BellFigures> {
  const port = await freePort();
  // WORKERS=off: the morning's jobs are the worker process's alone (reminders-morning.ts).
  const env = { DATABASE_URL: cluster.url, WORKERS: "off" };
  context.log(
    `reminders: seeding the bell's owner (${SCALE.tasks} tasks, ${SCALE.subscriptions} subscriptions)`,
  );
  const seeding = await startApiProcess({ port, env });
  const started = performance.now();
  const token = await seedBellOwner(seeding.url).finally(() => seeding.stop());
  context.log(`reminders: seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  // As the other sections do: the load meets a process that never ran the local provider.
  const api = await startApiProcess({ port, env });
  try {
    const { list, bytes } = await bellOf(api.url, token);
    const answer: BellAnswer = {
      reminders: list.length,
      byKind: Object.fromEntries(
        REMINDER_KINDS.map((kind) => [kind, list.filter((n) => n.kind === kind).length]),
      ),
      read: list.filter((n) => n.read).length,
      bytes,
    };
    const ask: NextRequest = () => ({
      method: "GET",
      path: "/notifications/",
      headers: bearer(token),
    });
    const loopsOf = (clients: number) => Array.from({ length: clients }, () => ask);
    const subjects = [1, BELL_CLIENTS];
    const rounds = new Map<number, BellRound[]>(subjects.map((n) => [n, []]));
    for (const clients of subjects) {
      context.log(`reminders: warming up the bell, ${clients} at a time`);
      await runClosedLoops(api.url, loopsOf(clients), WARM_UP_SECONDS);
    }
    await interleave(subjects, context.rounds, async (clients, round) => {
      context.log(`reminders: round ${round + 1}, the bell, ${clients} at a time`);
      const cpu = { api: cpuSeconds(api.pid), db: clusterCpuSeconds(cluster) };
      const figures = await runClosedLoops(api.url, loopsOf(clients), context.duration);
      const perAnswer = (seconds: number) => (seconds * 1e6) / (figures.rps * context.duration);
      rounds.get(clients)?.push({
        ...figures,
        apiCpuUs: perAnswer(cpuSeconds(api.pid) - cpu.api),
        dbCpuUs: perAnswer(clusterCpuSeconds(cluster) - cpu.db),
      });
    });
    return { answer, single: rounds.get(1) ?? [], several: rounds.get(BELL_CLIENTS) ?? [] };
  } finally {
    await api.stop();
  }
}
