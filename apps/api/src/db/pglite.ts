// The embedded default (decisions D1): PGlite, PostgreSQL compiled to WebAssembly, in a directory.
import { join } from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { makePrivateDirectory, removeGroupAndOtherAccess } from "../data-dir.js";
import type { Database } from "./database.js";
import { pgliteBytea } from "./bytea.js";
import { pgliteBinaryRow } from "./pglite-binary-row.js";
import { PgliteWithStatements } from "./pglite-statements.js";
import { acquireDirectoryLock } from "./data-dir-lock.js";
import { migratePgliteDatabase } from "./migrate.js";
import * as schema from "./schema.js";

/** The PGlite files live in `{dataDir}/pglite`, next to the lock and the generated signing key. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, "pglite");
}

export interface InMemoryOptions {
  /**
   * A dump (`dumpDataDir`) of a database to start from instead of an empty one: the tests' migrated
   * template, which skips initdb's two seconds for each of their databases.
   */
  from?: Blob;
}

/**
 * Opens (creating on first use) and migrates a PGlite database in `dataDir`, or in memory when
 * `dataDir` is null (tests). Throws a DataDirLockedError when another process holds the directory.
 */
export async function openPglite(
  dataDir: string | null,
  inMemory: InMemoryOptions = {},
): Promise<Database> {
  let lock: { release(): void } | null = null;
  let client: PgliteWithStatements;
  if (dataDir === null) {
    client = new PgliteWithStatements({
      ...pgliteBytea,
      ...(inMemory.from === undefined ? {} : { loadDataDir: inMemory.from }),
    });
  } else {
    makePrivateDirectory(dataDir);
    lock = acquireDirectoryLock(join(dataDir, "pglite.lock"), dataDir);
    try {
      client = new PgliteWithStatements(pgliteDirectory(dataDir), pgliteBytea);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const db = drizzle({ client, schema });
  try {
    await client.waitReady;
    await migratePgliteDatabase(db);
    if (dataDir !== null) removeGroupAndOtherAccess(pgliteDirectory(dataDir));
  } catch (error) {
    await client.close().catch(() => undefined);
    lock?.release();
    throw error;
  }

  let closed = false;
  return {
    db,
    // One connection: there is no queue to skip.
    signInDb: db,
    binaryRow: pgliteBinaryRow(client),
    kind: "pglite",
    jobStore: { kind: "pglite", client },
    async ping() {
      await client.query("SELECT 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
        // What PGlite wrote while it ran (and on closing) was created 0666 inside our 0700 directory.
        if (dataDir !== null) removeGroupAndOtherAccess(pgliteDirectory(dataDir));
      } finally {
        lock?.release();
      }
    },
  };
}
