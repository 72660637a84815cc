// How the built server is started: `node --max-semi-space-size=16 dist/server.js`. `pnpm start`
// writes it in package.json (a test holds the two together); everything else that starts the
// built server (scripts/measure-startup.ts, the reliability suites and the bench, e2e) takes it
// from here, so each of them measures the server as it runs.
import { join } from "node:path";
import { packageRoot } from "./paths.js";

/**
 * V8's young generation capped at 16 MiB semi-spaces, as Node 20 grew it on our machines. Node
 * 24's V8 grows it to 64 MiB on a machine with memory to spare, and keeps it after a load: the API
 * held about 100 MiB more after the reliability suite's load than before it, for no gain in
 * requests per second (BENCHMARKS.md, "Node 24").
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=16"];

/** The built server (tsup: `pnpm --filter @life-admin/api build`). */
export const serverScript = join(packageRoot, "dist", "server.js");

/** `node`'s arguments that start the built server; `preload` goes before the script (e.g. --import). */
export function serverArgs(preload: readonly string[] = []): string[] {
  return [...SERVER_NODE_FLAGS, ...preload, serverScript];
}
