// The machine a run was made on, for the report: figures from different machines do not compare.
import { execFileSync } from "node:child_process";
import { cpus, loadavg, release, totalmem } from "node:os";
import { join } from "node:path";
import { postgresBin } from "@life-admin/reliability/private-postgres";
import { browserExecutable, browserUnavailable } from "./support/browser.js";

function versionOf(command: string, args: string[]): string {
  try {
    const output = execFileSync(command, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return output.trim().split("\n")[0] ?? "";
  } catch {
    return "not found";
  }
}

export function describeMachine(): Record<string, string> {
  const cpu = cpus();
  const pgBin = postgresBin();
  return {
    cpu: `${cpu[0]?.model.trim() ?? "unknown"} x ${cpu.length}`,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    kernel: `Linux ${release()}`,
    node: process.version,
    // Without one, the sections that drive a browser say so and the others run.
    chromium:
      browserUnavailable() === null ? versionOf(browserExecutable(), ["--version"]) : "not found",
    postgresql: pgBin === null ? "not found" : versionOf(join(pgBin, "postgres"), ["--version"]),
    "load average at start": loadavg()
      .map((value) => value.toFixed(2))
      .join(" "),
  };
}
