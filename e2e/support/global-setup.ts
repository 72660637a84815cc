// Before any test: the product the suite runs against (stack.ts), and a copy of its database
// while still empty, for the stacks some tests start of their own; after the last test: both
// stopped and their temporary directories gone.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishMainStack } from "./main-stack.js";
import { startStack } from "./stack.js";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = performance.now();
  const stack = await startStack("main");
  const templates = await mkdtemp(join(tmpdir(), "life-admin-e2e-template-"));
  const teardown = async () => {
    await stack.stop();
    await rm(templates, { recursive: true, force: true });
  };
  try {
    const database = join(templates, "data");
    await stack.copyDatabase(database);
    publishMainStack(stack, database);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`API ${stack.apiUrl} and web app ${stack.webUrl} ready in ${seconds} s\n`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
