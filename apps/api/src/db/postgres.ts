// PostgreSQL through node-postgres (decisions D1: production and scale-out), with timeouts short
// enough that a request fails with 503 within 5 seconds when the server is down or hanging.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../logger.js";
import type { Database } from "./database.js";
import { migratePostgresDatabase } from "./migrate.js";
import { postgresBinaryRow } from "./postgres-binary-row.js";
import * as schema from "./schema.js";

/** Waiting for a connection from the pool or to the server. */
export const CONNECT_TIMEOUT_MS = 2_000;
/** One query, measured by the client (the server may be unreachable mid-query). */
export const QUERY_TIMEOUT_MS = 2_500;

export interface PostgresOptions {
  max?: number;
  logger?: Logger;
}

export interface PostgresDatabase extends Database {
  /** Applies the committed migrations (one process at a time: an advisory lock). */
  migrate(): Promise<void>;
}

/** A pool for `url`, without connecting yet: the first query connects. */
export function createPostgresDatabase(
  url: string,
  options: PostgresOptions = {},
): PostgresDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its server emits here; unhandled, it would end the process. The pool
  // drops that client and the next query opens a new connection (recovery without restart).
  pool.on("error", (error) => {
    options.logger?.warn({ err: error }, "PostgreSQL connection lost");
  });
  const db = drizzle({ client: pool, schema });
  let closed = false;
  return {
    db: db,
    binaryRow: postgresBinaryRow(pool, QUERY_TIMEOUT_MS),
    kind: "postgres",
    jobStore: { kind: "postgres", url },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    async migrate() {
      await migratePostgresDatabase(pool);
    },
  };
}

/** Connects, migrates and returns the database. Rejects when the server cannot be reached. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const database = createPostgresDatabase(url, options);
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
