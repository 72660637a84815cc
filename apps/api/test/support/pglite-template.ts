// Vitest global set-up: one migrated, empty PGlite database for the whole run, dumped to a file
// that every test file's databases start from (openTestDatabase). On this machine a database
// loaded from it is ready in half a second, where initdb and the migrations take two; the API
// suite opens dozens. Nothing to do on PostgreSQL (TEST_DATABASE_URL).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../src/db/pglite.js";
import type {} from "./provided-context.js";
import { testDatabaseUrl } from "./test-database.js";

export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  if (testDatabaseUrl !== null) return undefined;
  const database = await openPglite(null);
  let dump: Blob;
  try {
    if (database.jobStore.kind !== "pglite") throw new Error("openPglite answered another engine");
    dump = await database.jobStore.client.dumpDataDir("none");
  } finally {
    await database.close();
  }
  const directory = await mkdtemp(join(tmpdir(), "life-admin-pglite-template-"));
  const path = join(directory, "migrated.tar");
  await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
  project.provide("migratedPglite", path);
  return () => rm(directory, { recursive: true, force: true });
}
