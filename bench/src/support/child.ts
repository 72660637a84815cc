// Runs a command to completion and hands back its standard output (its errors go to ours).
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function outputOf(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<string> {
  const { stdout } = await run(command, args, {
    cwd: options.cwd,
    env: options.env ?? { PATH: process.env.PATH ?? "" },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}
