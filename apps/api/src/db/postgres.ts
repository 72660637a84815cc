// PostgreSQL through node-postgres (decisions D1: production and scale-out), with timeouts short
// enough that a request fails with 503 within 5 seconds when the server is down or hanging.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../logger.js";
import type { Database } from "./database.js";
import { migratePostgresDatabase } from "./migrate.js";
import { postgresBinaryRows } from "./postgres-binary-rows.js";
import * as schema from "./schema.js";

/** Waiting for a connection from the pool or to the server. */
export const CONNECT_TIMEOUT_MS = 2_000;
/** One query, measured by the client (the server may be unreachable mid-query). */
export const QUERY_TIMEOUT_MS = 2_500;
/**
 * The sign-in checks' own connections (Database.signInDb), beside DATABASE_POOL_SIZE's: each is
 * one short read for every request of a turn of the event loop. Under issue 18's writes by 50
 * people (four runs taking turns), the create's p99 was 55-56 ms with the checks in the pool of
 * 20 and 42-43 ms with two of their own (BENCHMARKS.md, "Writes").
 */
export const SIGN_IN_POOL_SIZE = 2;

export interface PostgresOptions {
  max?: number;
  logger?: Logger;
}

export interface PostgresDatabase extends Database {
  /** Applies the committed migrations (one process at a time: an advisory lock). */
  migrate(): Promise<void>;
}

/** Up to `max` connections to `url`, none opened until a query needs one. */
function newPool(url: string, max: number, logger: Logger | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its server emits here; unhandled, it would end the process. The pool
  // drops that client and the next query opens a new connection (recovery without restart).
  pool.on("error", (error) => {
    logger?.warn({ err: error }, "PostgreSQL connection lost");
  });
  return pool;
}

/** Pools for `url`, without connecting yet: the first query connects. */
export function createPostgresDatabase(
  url: string,
  options: PostgresOptions = {},
): PostgresDatabase {
  const pool = newPool(url, options.max ?? 20, options.logger);
  const signInPool = newPool(url, SIGN_IN_POOL_SIZE, options.logger);
  const db = drizzle({ client: pool, schema });
  let closed = false;
  return {
    db: db,
    signInDb: drizzle({ client: signInPool, schema }),
    binaryRows: postgresBinaryRows(pool, QUERY_TIMEOUT_MS),
    kind: "postgres",
    jobStore: { kind: "postgres", url },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), signInPool.end()]);
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
