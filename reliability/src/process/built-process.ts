// A process of the built API package (dist/server.js or dist/worker.js) as a child of the suite:
// its output drained (stdout line by line to whoever asks for its logs, stderr's tail kept for
// failure messages), its memory readable, and a stop that ends it whatever state it is in.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { apiPackageRoot } from "@life-admin/api/testing";

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface BuiltProcess {
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** The last 64 KiB of stderr, for failure messages. */
  stderr(): string;
  /** Resident set size now, from /proc (Linux). */
  rss(): number;
  /** A full GC, then memoryUsage() (only with gc-on-signal.mjs preloaded). */
  memoryAfterGc(): Promise<Memory>;
  /** SIGTERM and wait; SIGKILL after 15 s. */
  stop(): Promise<number | null>;
}

export interface SpawnOptions {
  /** Node's arguments: flags, then the script. */
  args: string[];
  env: Record<string, string>;
  /** The Node binary; default: this process's. */
  node?: string;
  /** Each line the process writes on stdout (its JSON logs); without it they are dropped. */
  onLogLine?: (line: string) => void;
}

function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

export function spawnBuilt(options: SpawnOptions): BuiltProcess {
  const child = spawn(options.node ?? process.execPath, options.args, {
    cwd: apiPackageRoot,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  const memoryWaiters: ((memory: Memory) => void)[] = [];
  const { onLogLine } = options;
  if (onLogLine === undefined) {
    child.stdout.resume();
  } else {
    // A chunk may end inside a line: the rest comes with the next one.
    let partial = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onLogLine(line);
    });
  }
  // stderr keeps its tail and carries the GC figures.
  child.stderr.on("data", (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-64 * 1024);
    for (const line of chunk.toString().split("\n")) {
      if (!line.startsWith('{"memory"')) continue;
      const { memory } = JSON.parse(line) as { memory: Memory };
      memoryWaiters.shift()?.(memory);
    }
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const pid = child.pid ?? 0;
  return {
    pid,
    child,
    exited,
    stderr: () => err,
    rss: () => readRss(pid),
    memoryAfterGc() {
      return new Promise<Memory>((resolve) => {
        memoryWaiters.push(resolve);
        child.kill("SIGUSR2");
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Whether the process has ended (exit or signal). */
export function hasEnded(process: BuiltProcess): boolean {
  return process.child.exitCode !== null || process.child.signalCode !== null;
}
