// The embedded default (decisions D1): PGlite, PostgreSQL compiled to WebAssembly, in a directory.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { flushTreeToDisk, makePrivateDirectory, removeGroupAndOtherAccess } from "../data-dir.js";
import type { Database } from "./database.js";
import { pgliteBytea } from "./bytea.js";
import { pgliteBinaryRows } from "./pglite-binary-rows.js";
import { PgliteWithStatements } from "./pglite-statements.js";
import { acquireDirectoryLock } from "./data-dir-lock.js";
import { migratePgliteDatabase } from "./migrate.js";
import * as schema from "./schema.js";

/** The PGlite files live in `{dataDir}/pglite`, next to the lock and the generated signing key. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, "pglite");
}

/**
 * Every client's options: bytea without PGlite's own codec, and PostgreSQL started as PGlite starts
 * it but durable, a commit on the disk before it is answered, as on PostgreSQL. PGlite starts it
 * with fsync off (`-F`), and its file system layer had no fsync to call (our patch adds it:
 * patches/README.md); `wal_sync_method=fsync` because the default, fdatasync, does nothing in
 * Emscripten's C library. A commit costs a flush of the WAL (about a millisecond on this machine's
 * disk: BENCHMARKS.md).
 */
const CLIENT_OPTIONS = {
  ...pgliteBytea,
  startParams: [
    ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
    "-c",
    "wal_sync_method=fsync",
  ],
};

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
  let directory: string | null = null;
  let lock: { release(): void } | null = null;
  let client: PgliteWithStatements;
  /** The directory, when this open makes its database (initdb). */
  let made: string | null = null;
  if (dataDir === null) {
    client = new PgliteWithStatements({
      ...CLIENT_OPTIONS,
      ...(inMemory.from === undefined ? {} : { loadDataDir: inMemory.from }),
    });
  } else {
    directory = pgliteDirectory(dataDir);
    makePrivateDirectory(dataDir);
    lock = acquireDirectoryLock(join(dataDir, "pglite.lock"), dataDir);
    try {
      if (!existsSync(join(directory, "PG_VERSION"))) made = directory;
      client = new PgliteWithStatements(directory, CLIENT_OPTIONS);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const db = drizzle({ client, schema });
  try {
    await client.waitReady;
    // PGlite writes a new database's files (made by initdb in memory) without flushing them; its
    // later writes are flushed as PostgreSQL flushes them.
    if (made !== null) flushTreeToDisk(made);
    await migratePgliteDatabase(db);
    if (directory !== null) removeGroupAndOtherAccess(directory);
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
    binaryRows: pgliteBinaryRows(client),
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
        if (directory !== null) removeGroupAndOtherAccess(directory);
      } finally {
        lock?.release();
      }
    },
  };
}
