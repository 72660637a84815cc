// CPU time from /proc (Linux), for figures a busy machine moves less than it moves latencies: what
// the API or the worker spent per request or per email, and what PostgreSQL spent beside it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PrivateCluster } from "./private-postgres.js";

/** /proc/PID/stat's fields after the command name (field 3 onwards), or null once it has gone. */
function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? null;
  } catch {
    return null;
  }
}

/** Clock ticks of 10 ms (USER_HZ is 100 on Linux) to seconds. */
const ticks = (fields: readonly string[], ...indexes: number[]) =>
  indexes.reduce((sum, i) => sum + Number(fields[i]), 0) / 100;

/** CPU seconds a process has used so far (user and system). */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (fields === null) throw new Error(`no process ${pid}`);
  return ticks(fields, 11, 12);
}

/**
 * CPU seconds a private cluster has used so far: its postmaster, the processes it runs now
 * (backends, the checkpointer, autovacuum...) and those it has ended (counted in its cutime and
 * cstime once reaped). Its data directory is `data` in the cluster's directory.
 */
export function clusterCpuSeconds(cluster: PrivateCluster): number {
  const pidFile = join(cluster.dir, "data", "postmaster.pid");
  const postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const own = statFields(postmaster);
  if (own === null) throw new Error(`the postmaster ${postmaster} is not running`);
  let total = ticks(own, 11, 12, 13, 14);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    // Field 4 (index 1 here) is the parent's pid.
    if (fields !== null && Number(fields[1]) === postmaster) total += ticks(fields, 11, 12);
  }
  return total;
}
