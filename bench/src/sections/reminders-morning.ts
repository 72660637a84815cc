// The reminders section's morning (issue 20): 10,000 people with the morning email on, 20
// subscriptions each (4 in their window), their 08:00 come, written straight into the database
// (morning-seed.ts); then the worker process as production scales it (dist/worker.js), which
// sweeps as it starts and sends through a loopback SMTP server that counts what it accepts.
// Timed from the worker's spawn to the last email accepted; its memory and the CPU per email;
// then every email checked: one to each person, each its own, and the ledger agreeing.
import type { PrivateCluster } from "@life-admin/reliability/private-postgres";
import {
  missedOrDoubled,
  openCountingMailbox,
  type AcceptedEmail,
} from "../support/counting-mailbox.js";
import {
  MORNING_HOUR,
  morningEmailOf,
  morningPeopleSql,
  zonesAtHour,
} from "../support/morning-seed.js";
import { clusterCpuSeconds, cpuSeconds } from "@life-admin/reliability/process-cpu";
import { psql } from "../support/psql.js";
import { startWorkerProcess, type MemoryReport } from "../support/worker-process.js";
import type { BenchContext } from "./section.js";

export const MORNING = { people: 10_000, subscriptionsEach: 20 };
const MAIL_FROM = "Life Admin <reminders@bench.example>";
/** Long enough for a slow machine, short enough that a stuck run ends. */
const MORNING_TIMEOUT_MS = 6 * 60_000;
/** The worker's log line after a sweep queued emails ({ queued }). */
const QUEUED = "reminder emails queued";

export interface MorningFigures {
  zones: string[];
  seedSeconds: number;
  /** ms after the worker's spawn: it said it started; its sweep had queued the emails. */
  startedMs: number;
  queuedMs: number;
  queued: number;
  /** ms after the worker's spawn: the first and the last email accepted. */
  firstEmailMs: number;
  lastEmailMs: number;
  emails: number;
  memory: { start: MemoryReport; halfway: MemoryReport; end: MemoryReport };
  /** CPU the worker and PostgreSQL spent from the worker's start to its last job, per email. */
  cpu: { workerMsPerEmail: number; dbMsPerEmail: number };
  ledger: { sent: number; failed: number; reminders: number };
}

/**
 * Resolves once no email job is running or due to run: nothing more could be sent now. (A sweep
 * during the run queues the mornings claimed and not yet sent for when their claims' leases end,
 * minutes later, in case their worker died: those find their morning sent, and are not waited for.)
 */
async function emailJobsSettled(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = await psql(
      url,
      `SELECT count(*) FROM pgboss.job
       WHERE name = 'reminder-email'
         AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    );
    if (pending === "0") return;
    if (Date.now() > deadline) throw new Error(`${pending} email jobs still pending`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function ledgerCounts(url: string): Promise<MorningFigures["ledger"]> {
  const [row] = await psql(
    url,
    `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL) || ',' ||
       count(*) FILTER (WHERE failed_at IS NOT NULL) || ',' ||
       (SELECT count(*) FROM reminder_deliveries)
     FROM reminder_mornings`,
  );
  const [sent = Number.NaN, failed = Number.NaN, reminders = Number.NaN] = (row ?? "")
    .split(",")
    .map(Number);
  return { sent, failed, reminders };
}

/** Refuses a run in which a person got no email, or two, or two emails shared a Message-ID. */
function checkOneEach(accepted: readonly AcceptedEmail[]): void {
  const expected = Array.from({ length: MORNING.people }, (_, i) => morningEmailOf(i + 1));
  const { missed, doubled, sharedMessageIds } = missedOrDoubled(accepted, expected);
  if (missed.length + doubled.length + sharedMessageIds.length === 0) return;
  throw new Error(
    `not one email each: ${missed.length} people missed (${missed.slice(0, 3).join(", ")}), ` +
      `${doubled.length} emailed twice or unknown (${doubled.slice(0, 3).join(", ")}), ` +
      `${sharedMessageIds.length} Message-IDs used twice`,
  );
}

export async function measureMorning(
  cluster: PrivateCluster,
  context: BenchContext,
): Promise<MorningFigures> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const nowMs = Date.now();
    const zones = zonesAtHour(nowMs, MORNING_HOUR);
    context.log(
      `reminders: seeding ${MORNING.people} people with ${MORNING.subscriptionsEach} ` +
        `subscriptions each, in the ${zones.length} time zones at ${MORNING_HOUR}:xx now`,
    );
    const seeding = performance.now();
    await psql(cluster.url, morningPeopleSql({ ...MORNING, zones, nowMs }));
    const seedSeconds = (performance.now() - seeding) / 1000;

    const mailbox = await openCountingMailbox();
    cleanups.unshift(() => mailbox.close());
    context.log("reminders: starting the worker; it sweeps as it starts");
    const worker = await startWorkerProcess({
      env: { DATABASE_URL: cluster.url, SMTP_URL: mailbox.url, MAIL_FROM },
      keep: [QUEUED],
    });
    cleanups.unshift(() => worker.stop());
    const cpuAtStart = { worker: cpuSeconds(worker.pid), db: clusterCpuSeconds(cluster) };
    const start = await worker.memory();
    await mailbox.waitFor(MORNING.people / 2, MORNING_TIMEOUT_MS);
    const halfway = await worker.memory();
    await mailbox.waitFor(MORNING.people, MORNING_TIMEOUT_MS);
    await emailJobsSettled(cluster.url, MORNING_TIMEOUT_MS);
    const perEmail = (seconds: number) => (seconds * 1000) / MORNING.people;
    const cpu = {
      workerMsPerEmail: perEmail(cpuSeconds(worker.pid) - cpuAtStart.worker),
      dbMsPerEmail: perEmail(clusterCpuSeconds(cluster) - cpuAtStart.db),
    };
    const end = await worker.memory();

    checkOneEach(mailbox.accepted);
    const sweep = worker.lines.find((line) => line.msg === QUEUED);
    if (sweep?.queued !== MORNING.people) {
      throw new Error(`the first sweep queued ${String(sweep?.queued)} emails`);
    }
    const ledger = await ledgerCounts(cluster.url);
    if (ledger.sent !== MORNING.people || ledger.failed !== 0) {
      throw new Error(`the ledger: ${ledger.sent} mornings sent, ${ledger.failed} failed`);
    }
    const times = mailbox.accepted.map((email) => email.atMs);
    const since = (ms: number) => ms - worker.spawnedAt;
    return {
      zones,
      seedSeconds,
      startedMs: since(worker.startedAt),
      queuedMs: since(sweep.time),
      queued: sweep.queued,
      firstEmailMs: since(Math.min(...times)),
      lastEmailMs: since(Math.max(...times)),
      emails: mailbox.accepted.length,
      memory: { start, halfway, end },
      cpu,
      ledger,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}
