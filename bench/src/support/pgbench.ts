// PostgreSQL's own load tool on the same cluster as the API: a custom script (the SQL an API
// request boils down to), `clients` connections at once, for `seconds`. Its rate is what the
// database itself can do at that concurrency: the ceiling an API over it can approach.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { postgresBin } from "@life-admin/reliability/private-postgres";

const run = promisify(execFile);

export interface PgbenchFigures {
  /** Transactions per second, without the initial connection time. */
  tps: number;
  /** pgbench's mean latency in ms (it reports no percentiles without per-transaction logs). */
  meanMs: number;
}

/** Reads pgbench's summary. */
export function parsePgbench(output: string): PgbenchFigures {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  const mean = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  if (tps === undefined || mean === undefined) {
    throw new Error(`pgbench printed no figures:\n${output.slice(-2000)}`);
  }
  return { tps: Number(tps), meanMs: Number(mean) };
}

export interface PgbenchRun {
  /** postgres://user@host:port/db */
  url: string;
  /** The transaction, in pgbench's script language (`:client_id` numbers the client from 0). */
  script: string;
  /** `-D name=value` variables for the script. */
  variables: Record<string, number>;
  clients: number;
  seconds: number;
}

export async function runPgbench(options: PgbenchRun): Promise<PgbenchFigures> {
  const bin = postgresBin();
  if (bin === null) throw new Error("pgbench not found (apt-get install postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "life-admin-pgbench-"));
  try {
    const file = join(dir, "transaction.sql");
    writeFileSync(file, options.script);
    const url = new URL(options.url);
    const args = [
      "--no-vacuum",
      `--client=${options.clients}`,
      "--jobs=2",
      `--time=${options.seconds}`,
      `--file=${file}`,
      ...Object.entries(options.variables).map(([name, value]) => `--define=${name}=${value}`),
      `--host=${url.hostname}`,
      `--port=${url.port}`,
      `--username=${decodeURIComponent(url.username)}`,
      url.pathname.slice(1),
    ];
    const { stdout } = await run(join(bin, "pgbench"), args, { maxBuffer: 16 * 2 ** 20 });
    return parsePgbench(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
