// decisions D14, issue 17: API processes started at once on one fresh DATA_DIR (PostgreSQL with
// the generated keys, as reliability suite 11 starts three) each read or create the keys there.
// Every one must get the same whole secret, never a file another is still writing.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const PROCESSES = 6;
const SECRETS = 300;

/** Says it is ready, waits for the `go` file, then reads or creates each secret, printing them. */
const RACER = `
import { readOrCreateSecretFile } from ${JSON.stringify(new URL("../src/data-dir.ts", import.meta.url).pathname)};
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
const [dir, go, count] = process.argv.slice(1);
process.stdout.write("ready\\n");
while (!existsSync(go)) {}
const seen = [];
for (let i = 0; i < Number(count); i++) {
  seen.push(readOrCreateSecretFile(dir + "/secret-" + i, dir, () => randomBytes(32).toString("base64")));
}
process.stdout.write(JSON.stringify(seen));
`;

/** A racing process: `ready` once it waits for the go file, `secrets` what it read. */
function racer(dir: string, go: string): { ready: Promise<void>; secrets: Promise<string[]> } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", RACER, dir, go, String(SECRETS)],
    { cwd: new URL("..", import.meta.url).pathname, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  let signalReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    signalReady = resolve;
  });
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    output += chunk;
    if (output.startsWith("ready\n")) signalReady();
  });
  const secrets = new Promise<string[]>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) reject(new Error(`a racing process exited ${String(code)}`));
      else resolve(JSON.parse(output.slice("ready\n".length)) as string[]);
    });
  });
  return { ready: Promise.race([ready, secrets.then(() => undefined)]), secrets };
}

describe("a secret file in DATA_DIR, read or created by processes starting at once", () => {
  const dir = mkdtempSync(join(tmpdir(), "life-admin-secret-race-"));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("is the same whole secret for every process, never one half written", async () => {
    const go = join(dir, "go");
    const racers = Array.from({ length: PROCESSES }, () => racer(dir, go));
    // Every process has started (Node and tsx) and is waiting: then they go at once.
    await Promise.all(racers.map(({ ready }) => ready));
    writeFileSync(go, "");
    const seen = await Promise.all(racers.map(({ secrets }) => secrets));
    for (let i = 0; i < SECRETS; i++) {
      const values = new Set(seen.map((secrets) => secrets[i]));
      expect(values.size, `secret ${i}`).toBe(1);
      const [value] = values;
      expect(Buffer.from(value ?? "", "base64"), `secret ${i}`).toHaveLength(32);
    }
  });
});
