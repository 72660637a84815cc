// Measures how long the built server (dist/server.js) takes from spawn until GET /health
// answers 200: cold (a new, empty data directory: PGlite's initdb, migrations, a new signing key)
// and warm (the same directory again). Usage: pnpm build && pnpm measure:startup [runs] [--json]
// (--json prints the runs in milliseconds for the bench: `{"cold":[...],"warm":[...]}`).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverArgs, serverScript } from "../src/server-command.js";

if (!existsSync(serverScript)) {
  process.stderr.write("dist/server.js is missing: run `pnpm build` first\n");
  process.exit(1);
}
const args = process.argv.slice(2);
const json = args.includes("--json");
const runs = Number(args.find((arg) => arg !== "--json") ?? 3);

async function startOnce(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(out);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once("exit", (code) => {
      reject(new Error(`server exited with ${code}`));
    });
  });
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const elapsed = performance.now() - started;
  child.kill("SIGTERM");
  await once(child, "exit");
  return elapsed;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), "life-admin-startup-"));
  try {
    cold.push(await startOnce(dataDir));
    warm.push(await startOnce(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const fmt = (values: number[]) =>
  `median ${Math.round(median(values))} ms (runs: ${values.map((v) => Math.round(v)).join(", ")})`;
process.stdout.write(
  json
    ? `${JSON.stringify({ cold, warm })}\n`
    : `cold start (new data directory): ${fmt(cold)}\nwarm start (existing data directory): ${fmt(warm)}\n`,
);
