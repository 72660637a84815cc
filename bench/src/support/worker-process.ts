// The job engine as production scales it: the built `worker` entry (apps/api/dist/worker.js, as
// `pnpm --filter @life-admin/api worker` starts it) in a process of its own, with memory-probe.mjs
// preloaded so the bench can read its memory. Its log lines (pino's JSON on stdout) are read as
// they come: the bench waits for "worker started" and keeps the lines it asks for.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { apiRoot } from "./paths.js";

const workerScript = join(apiRoot, "dist", "worker.js");
const probePath = fileURLToPath(new URL("./memory-probe.mjs", import.meta.url));

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
}

export interface MemoryReport {
  /** The highest sampled (every 50 ms) since the previous report. */
  peak: MemoryFigures;
  /** Now, after a full garbage collection: what the process holds on to. */
  afterGc: MemoryFigures;
}

export interface LogLine {
  msg: string;
  /** ms since the epoch (pino's `time`). */
  time: number;
  [field: string]: unknown;
}

export interface WorkerProcess {
  pid: number;
  /** When it was spawned, ms since the epoch. */
  spawnedAt: number;
  /** When it logged "worker started" (its job engine up), ms since the epoch. */
  startedAt: number;
  /** Log lines whose message was one of `keep`, in order. */
  lines: LogLine[];
  /** The probe's report: the peak since the last one, and the memory after a full GC. */
  memory(): Promise<MemoryReport>;
  /** The last 64 KiB of stderr, for failure messages. */
  stderr(): string;
  /** SIGTERM (the worker finishes the jobs in hand) and wait; SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  env: Record<string, string>;
  /** The log messages to keep (e.g. "reminder emails queued"). */
  keep: readonly string[];
  /** How long to wait for "worker started". */
  timeoutMs?: number;
}

function exitedEarly(child: ChildProcess, err: () => string): Promise<never> {
  return once(child, "exit").then(([code, signal]) => {
    throw new Error(`the worker exited while starting (${String(code ?? signal)}): ${err()}`);
  });
}

export async function startWorkerProcess(options: WorkerOptions): Promise<WorkerProcess> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ["--expose-gc", "--import", probePath, workerScript], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  const memoryWaiters: ((report: MemoryReport) => void)[] = [];
  child.stderr.on("data", (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-64 * 1024);
    for (const line of chunk.toString().split("\n")) {
      if (!line.startsWith('{"memoryProbe"')) continue;
      const { memoryProbe } = JSON.parse(line) as { memoryProbe: MemoryReport };
      memoryWaiters.shift()?.(memoryProbe);
    }
  });
  const lines: LogLine[] = [];
  let onStarted: (line: LogLine) => void = () => undefined;
  const started = new Promise<LogLine>((resolve) => {
    onStarted = resolve;
  });
  createInterface({ input: child.stdout }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const line = JSON.parse(text) as LogLine;
    if (line.msg === "worker started") onStarted(line);
    if (options.keep.includes(line.msg)) lines.push(line);
  });
  const timeoutMs = options.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let startedAt = 0;
  try {
    ({ time: startedAt } = await Promise.race([
      started,
      exitedEarly(child, () => err),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`the worker did not start in ${timeoutMs} ms: ${err}`));
        }, timeoutMs);
      }),
    ]));
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const exited = once(child, "exit");
  return {
    pid: child.pid ?? 0,
    spawnedAt,
    startedAt,
    lines,
    memory() {
      return new Promise((resolve) => {
        memoryWaiters.push(resolve);
        child.kill("SIGUSR2");
      });
    },
    stderr: () => err,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
