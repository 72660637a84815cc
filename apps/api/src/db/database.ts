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

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  jobStore: JobStore;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the connection(s) and releases the data directory. Safe to call twice. */
  close(): Promise<void>;
}
