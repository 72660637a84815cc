// The one database handle the rest of the API uses, whichever engine is behind it (decisions D1).
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.js";

/** Drizzle over PGlite or node-postgres: the same query layer for both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the connection(s) and releases the data directory. Safe to call twice. */
  close(): Promise<void>;
}
