// decisions D12: one pg-boss over the database the API already runs. On PGlite it shares the one
// embedded instance through pg-boss's own PGlite adapter (fromPglite: parameterless
// multi-statement SQL through exec(), the rest through query(); PGlite queues both behind any open
// transaction of ours); on PostgreSQL it keeps a small pool of its own to the same server.
import type { PGlite } from "@electric-sql/pglite";
import { type ConstructorOptions, PgBoss, fromPglite } from "pg-boss";
import type { JobStore } from "../db/database.js";

/** What the job engine's workers run (with `work`), or a process that only sends (without). */
export type BossRole = "work" | "send";

export function bossFor(store: JobStore, role: BossRole): PgBoss {
  // A sender neither supervises nor schedules (WORKERS=off keeps background work out of the API);
  // workers listen, so that a job sent by any process wakes them at once (queues with `notify`).
  const roleOptions: ConstructorOptions =
    role === "work" ? { useListenNotify: true } : { supervise: false, schedule: false };
  switch (store.kind) {
    case "pglite":
      return new PgBoss({ db: fromPglite(store.client), backend: "pglite", ...roleOptions });
    case "postgres":
      return new PgBoss({
        connectionString: store.url,
        max: role === "work" ? 4 : 2,
        application_name: role === "work" ? "life-admin-jobs" : "life-admin-job-sender",
        ...roleOptions,
      });
    default: {
      const never: never = store;
      return never;
    }
  }
}

/** The start in progress on each PGlite instance, which the next one waits for. */
const startsOnPglite = new WeakMap<PGlite, Promise<unknown>>();

/**
 * Starts `boss`. On PGlite one pg-boss at a time: two starting at once on its one connection (the
 * API's sender and its job engine, both at start-up) interleave their set-up transactions, and
 * one fails (25P02). On PostgreSQL each has its own connections.
 */
export async function startBoss(boss: PgBoss, store: JobStore): Promise<void> {
  if (store.kind !== "pglite") {
    await boss.start();
    return;
  }
  const before = startsOnPglite.get(store.client) ?? Promise.resolve();
  const started = before.catch(() => undefined).then(() => boss.start());
  startsOnPglite.set(store.client, started);
  await started;
}
