// PostgreSQL's own load tool on the same cluster as the API: a custom script (the SQL an API
// request boils down to), `clients` connections at once, for `seconds`. Its rate is what the
// database itself can do at that concurrency: the ceiling an API over it can approach.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { postgresBin } from "@life-admin/reliability/private-postgres";
import { percentile } from "./closed-loops.js";

const run = promisify(execFile);

export interface PgbenchFigures {
  /** Transactions per second, without the initial connection time. */
  tps: number;
  /** pgbench's mean latency in ms. */
  meanMs: number;
  /** Percentiles of the transactions' latencies in whole ms, as wrk gives the API's. */
  p50Ms: number;
  p99Ms: number;
}

/** Reads pgbench's summary. */
export function parsePgbench(output: string): Pick<PgbenchFigures, "tps" | "meanMs"> {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  const mean = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  if (tps === undefined || mean === undefined) {
    throw new Error(`pgbench printed no figures:\n${output.slice(-2000)}`);
  }
  return { tps: Number(tps), meanMs: Number(mean) };
}

/**
 * The latencies in ms of pgbench's per-transaction log (`--log`), sorted. Its lines are
 * `client_id transaction_no time script_no time_epoch time_us`, `time` the latency in µs; a line
 * whose time is a word instead (a transaction that failed or was skipped) is left out.
 */
export function loggedLatenciesMs(log: string): number[] {
  return log
    .split("\n")
    .map((line) => line.split(" ")[2])
    .filter((time): time is string => time !== undefined && /^\d+$/.test(time))
    .map((time) => Number(time) / 1000)
    .sort((a, b) => a - b);
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
      // pgbench prints no percentiles: every transaction's latency goes to a log of its own.
      "--log",
      `--log-prefix=${join(dir, "transactions")}`,
      ...Object.entries(options.variables).map(([name, value]) => `--define=${name}=${value}`),
      `--host=${url.hostname}`,
      `--port=${url.port}`,
      `--username=${decodeURIComponent(url.username)}`,
      url.pathname.slice(1),
    ];
    const { stdout } = await run(join(bin, "pgbench"), args, { maxBuffer: 16 * 2 ** 20 });
    const logs = readdirSync(dir).filter((name) => name.startsWith("transactions."));
    const latencies = loggedLatenciesMs(
      logs.map((name) => readFileSync(join(dir, name), "utf8")).join("\n"),
    );
    if (latencies.length === 0) throw new Error(`pgbench logged no transaction:\n${stdout}`);
    return {
      ...parsePgbench(stdout),
      p50Ms: Math.round(percentile(latencies, 0.5)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
