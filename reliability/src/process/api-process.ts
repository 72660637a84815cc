// The API as its own process: the built server (apps/api/dist/server.js, what production runs),
// on a port of our choosing on 127.0.0.1, with its output drained. For the suites about what
// only a process shows: crashes (SIGKILL), memory (RSS), a database going away under it.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serverArgs, serverScript } from "@life-admin/api/server-command";
import { apiPackageRoot } from "@life-admin/api/testing";
import { hasEnded, spawnBuilt, type BuiltProcess } from "./built-process.js";

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

export type { Memory } from "./built-process.js";

export interface ApiProcess extends BuiltProcess {
  url: string;
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
  /** Each line of the server's logs (stdout); without it they are drained and dropped. */
  onLogLine?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startApiProcess(options: StartOptions): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const server = spawnBuilt({
    args: serverArgs(options.gcHook === true ? ["--expose-gc", "--import", gcHookPath] : []),
    env: {
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_API_URL: url,
      LOG_LEVEL: "info",
      ...options.env,
    },
    ...(options.node === undefined ? {} : { node: options.node }),
    ...(options.onLogLine === undefined ? {} : { onLogLine: options.onLogLine }),
  });

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let ready = false;
  while (!ready) {
    if (hasEnded(server)) {
      const { exitCode, signalCode } = server.child;
      throw new Error(
        `the API exited while starting (${exitCode ?? signalCode}): ${server.stderr()}`,
      );
    }
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(`the API did not answer /health in time: ${server.stderr()}`);
    }
    const health = await fetch(`${url}/health`).catch(() => null);
    if (health !== null) {
      await health.body?.cancel();
      ready = true;
    } else {
      await sleep(25);
    }
  }
  return { ...server, url };
}
