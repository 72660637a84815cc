// The embedded default (decisions D1): PGlite, PostgreSQL compiled to WebAssembly, in a directory.
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { type ExecProtocolOptions, PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { makePrivateDirectory, removeGroupAndOtherAccess } from "../data-dir.js";
import type { Database } from "./database.js";
import { pgliteBytea } from "./bytea.js";
import { acquireDirectoryLock } from "./data-dir-lock.js";
import { migratePgliteDatabase } from "./migrate.js";
import * as schema from "./schema.js";

/** The wire protocol's first message of a query: Parse ('P'), or a simple Query ('Q'). */
const QUERY_STARTS = new Set(["P".charCodeAt(0), "Q".charCodeAt(0)]);

/**
 * PGlite whose queries each begin in a turn of the event loop of their own. Its PostgreSQL runs
 * on this thread, synchronously, and what follows each query's answer is a promise continuation:
 * an upload's chain (type from its bytes, id, the transaction that stores it, its reading job)
 * or a reading job's (claim, bytes, decryption, settling) ran as one task of several milliseconds
 * of CPU, and a request that arrived meanwhile waited for all of it (issue 21's bench). Between
 * queries, the loop now reads what arrived; a transaction still holds PGlite until it ends.
 */
class YieldingPGlite extends PGlite {
  override async execProtocolStream(message: Uint8Array, options?: ExecProtocolOptions) {
    if (QUERY_STARTS.has(message[0] ?? 0)) await nextTurn();
    return super.execProtocolStream(message, options);
  }
}

/** The PGlite files live in `{dataDir}/pglite`, next to the lock and the generated signing key. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, "pglite");
}

/**
 * Opens (creating on first use) and migrates a PGlite database in `dataDir`, or in memory when
 * `dataDir` is null (tests). Throws a DataDirLockedError when another process holds the directory.
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let lock: { release(): void } | null = null;
  let client: PGlite;
  if (dataDir === null) {
    client = new YieldingPGlite(pgliteBytea);
  } else {
    makePrivateDirectory(dataDir);
    lock = acquireDirectoryLock(join(dataDir, "pglite.lock"), dataDir);
    try {
      client = new YieldingPGlite(pgliteDirectory(dataDir), pgliteBytea);
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
