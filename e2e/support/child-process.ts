// The servers the suite starts are child processes: started with their output in a log file,
// waited for until they answer, stopped with SIGTERM (SIGKILL if they hang), and killed when the
// runner itself exits, so that none outlives a run.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // An interrupted or crashed run still takes its servers down ("exit" handlers run synchronously).
  process.on("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}

export interface StartOptions {
  /** What the process is, for messages ("API", "web preview"). */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** The whole environment: nothing is inherited unless passed here. */
  env: Record<string, string>;
  /** stdout and stderr are appended here. */
  logFile: string;
}

export function startProcess(options: StartOptions): ChildProcess {
  installExitHook();
  const log = openSync(options.logFile, "a");
  try {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", log, log],
    });
    running.add(child);
    child.once("exit", () => running.delete(child));
    return child;
  } finally {
    // The child has its own copy of the descriptor.
    closeSync(log);
  }
}

/** The last lines of a log, for error messages. */
export function logTail(logFile: string, lines = 30): string {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves when the process has exited (at once if it already has). */
export function whenExited(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs` if the process is still there. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (exited(child)) return;
  const done = whenExited(child);
  child.kill("SIGTERM");
  const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await done;
  clearTimeout(force);
}

/** Runs a command to completion; rejects with the log's tail when it fails. */
export async function runToCompletion(options: StartOptions): Promise<void> {
  const child = startProcess(options);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) {
    throw new Error(`${options.name} failed (exit ${String(code)}):\n${logTail(options.logFile)}`);
  }
}

/**
 * Resolves once `url` answers 200. Polls (the servers print nothing machine-readable that every
 * one of them shares); rejects at once if the process exits, or after `timeoutMs`.
 */
export async function waitUntilServing(
  child: ChildProcess,
  url: string,
  options: { name: string; logFile: string; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const failure = (why: string) =>
    new Error(`${options.name} ${why} (${url}):\n${logTail(options.logFile)}`);
  for (;;) {
    if (exited(child)) throw failure(`exited with ${String(child.exitCode ?? child.signalCode)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw failure("did not answer in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
