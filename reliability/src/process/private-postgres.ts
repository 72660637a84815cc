// A private PostgreSQL cluster for the suites that stop and start the database under the API
// (Debian's server binaries, as scripts/with-postgres.sh uses them): its own directory, a free
// loopback port, the socket inside its directory; removed at the end. As root, the cluster
// belongs to the postgres user (initdb refuses root).
import { execFile } from "node:child_process";
import { chownSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { settings } from "../settings.js";
import { freePort } from "./free-port.js";

const run = promisify(execFile);

/** The newest installed server binaries, or PG_BIN; null when there are none. */
export function postgresBin(): string | null {
  if (settings.postgresBin !== null) return settings.postgresBin;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], "bin");
}

export interface PrivateCluster {
  url: string;
  port: number;
  dir: string;
  /** pg_ctl stop: "fast" disconnects clients and shuts down cleanly; "immediate" is a crash. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  destroy(): Promise<void>;
}

function asOwner(bin: string, args: string[]) {
  const isRoot = userInfo().uid === 0;
  return isRoot ? run("runuser", ["-u", "postgres", "--", bin, ...args]) : run(bin, args);
}

export interface ClusterOptions {
  /**
   * PostgreSQL's own durability settings (fsync on), as a production server runs: for figures
   * about speed. Without it, fsync is off: the suites only need it to behave, and sooner.
   */
  durable?: boolean;
}

export async function startPrivateCluster(options: ClusterOptions = {}): Promise<PrivateCluster> {
  const bin = postgresBin();
  if (bin === null)
    throw new Error(
      "PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)",
    );
  const dir = mkdtempSync(join(tmpdir(), "life-admin-reliability-pg-"));
  chmodSync(dir, 0o755);
  if (userInfo().uid === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const data = join(dir, "data");
  await asOwner(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const serverOptions =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1` +
    (options.durable === true ? "" : " -c fsync=off -c full_page_writes=off");
  const pgCtl = (...args: string[]) => asOwner(join(bin, "pg_ctl"), ["-D", data, ...args]);
  let running = false;
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      await pgCtl("-l", join(dir, "server.log"), "-o", serverOptions, "-w", "-t", "60", "start");
      running = true;
    },
    async stop(mode) {
      await pgCtl("-m", mode, "-w", "-t", "60", "stop");
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop("fast").catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
