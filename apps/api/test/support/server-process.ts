// Runs the real server (src/server.ts through tsx) as a child process, for what only a process
// shows: listening, the data directory lock, signals, start-up refusals.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { packageRoot } from "../../src/paths.js";

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the port once the server logs "listening". */
  listening: Promise<number>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(out);
      if (match?.[1]) resolve(Number(match[1]));
    });
    void exited.then((code) => {
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  listening.catch(() => undefined);
  return { child, stdout: () => out, stderr: () => err, listening, exited };
}
