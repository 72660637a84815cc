// Applies the committed SQL migrations (../../drizzle) at start-up. Never `drizzle-kit push`.
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Pool } from "pg";
import { migrationsFolder } from "../paths.js";
import type * as schema from "./schema.js";

export async function migratePgliteDatabase(db: PgliteDatabase<typeof schema>): Promise<void> {
  await migratePglite(db, { migrationsFolder });
}

// Any number in the bigint range works; it only has to be the same for every API process.
const MIGRATION_LOCK_KEY = 7_270_041_977;

/**
 * Several API processes may start at once against one PostgreSQL (decisions D1: horizontal
 * scale). A session-level advisory lock makes them migrate one after another.
 */
export async function migratePostgresDatabase(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
