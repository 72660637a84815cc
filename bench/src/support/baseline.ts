// Starts support/baseline-server.mjs with the answers it is to repeat, and stops it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@life-admin/reliability/free-port";

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to one connection or one moment, not to the answer. */
const PER_CONNECTION = new Set([
  "connection",
  "keep-alive",
  "date",
  "transfer-encoding",
  "content-length",
]);

/** An API answer as the baseline will repeat it. */
export async function recordAnswer(response: Response): Promise<RecordedAnswer> {
  // fetch hands over an encoded body decoded: the baseline would send other bytes than the API.
  if (response.headers.has("content-encoding")) {
    throw new Error(
      `an answer sent with Content-Encoding ${response.headers.get("content-encoding")}`,
    );
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, body };
}

export interface Baseline {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL("./baseline-server.mjs", import.meta.url));

export async function startBaseline(answers: {
  GET: RecordedAnswer;
  POST: RecordedAnswer;
}): Promise<Baseline> {
  const dir = mkdtempSync(join(tmpdir(), "life-admin-bench-baseline-"));
  const answersPath = join(dir, "answers.json");
  const encode = (answer: RecordedAnswer) => ({ ...answer, body: answer.body.toString("base64") });
  writeFileSync(
    answersPath,
    JSON.stringify({ GET: encode(answers.GET), POST: encode(answers.POST) }),
  );
  const port = await freePort();
  const child = spawn(process.execPath, [script, String(port), answersPath], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(child.stdout, "data");
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
