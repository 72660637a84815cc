// The API as its own process: the built server (apps/api/dist/server.js, what production runs),
// on a port of our choosing on 127.0.0.1, with its output drained. For the suites about what
// only a process shows: crashes (SIGKILL), memory (RSS), a database going away under it.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serverArgs, serverScript } from "@life-admin/api/server-command";
import { apiPackageRoot } from "@life-admin/api/testing";

const gcHookPath = fileURLToPath(new URL("./gc-on-signal.mjs", import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Refuses to test a missing or stale build (turbo builds it first: test:reliability needs ^build). */
export function assertServerBuilt(): void {
  if (!existsSync(serverScript)) {
    throw new Error(
      `${serverScript} is missing: run \`pnpm --filter @life-admin/api build\` first`,
    );
  }
  if (statSync(serverScript).mtimeMs < newestMtime(join(apiPackageRoot, "src"))) {
    throw new Error(
      `${serverScript} is older than apps/api/src: run \`pnpm --filter @life-admin/api build\``,
    );
  }
}

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface ApiProcess {
  pid: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** The last 64 KiB of stderr, for failure messages. */
  stderr(): string;
  /** Resident set size now, from /proc (Linux). */
  rss(): number;
  /** A full GC, then memoryUsage() (only with `gcHook`). */
  memoryAfterGc(): Promise<Memory>;
  /** SIGTERM and wait; SIGKILL after 15 s. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  port: number;
  env: Record<string, string>;
  /** The Node binary that runs the server (the bench compares two); default: this process's. */
  node?: string;
  /** Preload gc-on-signal.mjs with --expose-gc (the load suite). */
  gcHook?: boolean;
  /** How long to wait for GET /health to answer at all. */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

export async function startApiProcess(options: StartOptions): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const args = serverArgs(options.gcHook === true ? ["--expose-gc", "--import", gcHookPath] : []);
  const child = spawn(options.node ?? process.execPath, args, {
    cwd: apiPackageRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_API_URL: url,
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  const memoryWaiters: ((memory: Memory) => void)[] = [];
  // Request logs are drained and dropped; stderr keeps its tail and carries the GC figures.
  child.stdout.resume();
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

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the API exited while starting (${child.exitCode ?? child.signalCode}): ${err}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the API did not answer /health in time: ${err}`);
    }
    const health = await fetch(`${url}/health`).catch(() => null);
    if (health !== null) {
      await health.body?.cancel();
      ready = true;
    } else {
      await sleep(25);
    }
  }

  return {
    pid,
    url,
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
