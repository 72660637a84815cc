// The one database handle the rest of the API uses, whichever engine is behind it (decisions D1).
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.js";

/** Drizzle over PGlite or node-postgres: the same query layer for both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * decisions D12: what the job engine (src/jobs/) runs on: the same PGlite instance (one
 * connection, shared), or the same PostgreSQL server through a small pool of its own.
 */
export type JobStore = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };

/**
 * Runs `text` (every column a bytea or an integer, none NULL) and hands each of its rows' columns
 * to `onRow` as PostgreSQL writes them in binary (an integer as its 4 or 8 bytes, big-endian):
 * what a stored file's bytes are read with, in binary rather than as hex text (4 MB for a 2 MB
 * file, decoded on the API's thread). Its parameters `$1`, `$2`... are ids: PostgreSQL's COPY
 * takes none, so there they are written into the statement as numerals. The columns are views
 * that are read again for the next row: `onRow` copies what it keeps.
 */
export type BinaryRows = (
  text: string,
  ids: readonly number[],
  onRow: (columns: Buffer[]) => void,
) => Promise<void>;

export interface Database {
  db: Db;
  /**
   * What every authenticated request's sign-in check (decisions D3) runs on: on PostgreSQL a
   * small pool of its own, so that the check, which comes first, does not queue for a connection
   * behind other requests' writes and then queue again for its own; on PGlite, `db` itself.
   */
  signInDb: Db;
  binaryRows: BinaryRows;
  kind: "pglite" | "postgres";
  jobStore: JobStore;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the connection(s) and releases the data directory. Safe to call twice. */
  close(): Promise<void>;
}
