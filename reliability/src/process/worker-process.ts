// The job engine's own process (decisions D12): the built `worker` entry, apps/api/dist/worker.js,
// as `pnpm --filter @life-admin/api worker` runs it, beside API processes on one PostgreSQL. It
// has no port to ask whether it is up: it is once it logs "worker started".
import { join } from "node:path";
import { apiPackageRoot } from "@life-admin/api/testing";
import { hasEnded, spawnBuilt, type BuiltProcess } from "./built-process.js";

export const workerScript = join(apiPackageRoot, "dist", "worker.js");

const STARTED = "worker started";

export interface WorkerStartOptions {
  /** DATABASE_URL at least (with PGlite the API process runs the jobs itself). */
  env: Record<string, string>;
  /** Each line of the worker's logs (stdout). */
  onLogLine?: (line: string) => void;
  /** How long to wait for it to say it started. */
  timeoutMs?: number;
}

function isStartedLine(line: string): boolean {
  if (!line.includes(STARTED)) return false;
  try {
    return (JSON.parse(line) as { msg?: unknown }).msg === STARTED;
  } catch {
    return false;
  }
}

export async function startWorkerProcess(options: WorkerStartOptions): Promise<BuiltProcess> {
  let started!: () => void;
  const startedLogged = new Promise<void>((resolve) => {
    started = resolve;
  });
  const worker = spawnBuilt({
    args: [workerScript],
    env: { LOG_LEVEL: "info", ...options.env },
    onLogLine(line) {
      if (isStartedLine(line)) started();
      options.onLogLine?.(line);
    },
  });
  const timeoutMs = options.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    startedLogged.then(() => "started" as const),
    worker.exited.then(() => "exited" as const),
    new Promise<"late">((resolve) => {
      timer = setTimeout(() => {
        resolve("late");
      }, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  switch (outcome) {
    case "started":
      return worker;
    case "exited": {
      const { exitCode, signalCode } = worker.child;
      throw new Error(
        `the worker exited while starting (${exitCode ?? signalCode}): ${worker.stderr()}`,
      );
    }
    case "late":
      if (!hasEnded(worker)) worker.child.kill("SIGKILL");
      throw new Error(
        `the worker did not say it started within ${timeoutMs} ms: ${worker.stderr()}`,
      );
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
