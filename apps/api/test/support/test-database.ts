// A fresh database per test file: PGlite in memory by default (from the run's migrated template),
// or, when TEST_DATABASE_URL is set, a new database created on that PostgreSQL server and dropped
// afterwards.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import pg from "pg";
import { expect, inject } from "vitest";
import type { Database } from "../../src/db/database.js";
import { openPglite } from "../../src/db/pglite.js";
import { openPostgres } from "../../src/db/postgres.js";
import { packageRoot } from "../../src/paths.js";
import { ENGINE_FREE_FILES } from "./engine-free-files.js";
import type {} from "./provided-context.js";

/** Tests read this one variable themselves; the app's configuration never sees it. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? null;

export const testEngine: Database["kind"] = testDatabaseUrl === null ? "pglite" : "postgres";

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database of its own on the TEST_DATABASE_URL server. */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `life_admin_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await onAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabaseName(adminUrl, name),
    async drop() {
      await onAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/** The run's migrated template (pglite-template.ts), read once per module; null without one. */
let template: Promise<Blob | null> | null = null;
function migratedTemplate(): Promise<Blob | null> {
  template ??= (async () => {
    const path = inject("migratedPglite");
    return path === undefined ? null : new Blob([await readFile(path)]);
  })();
  return template;
}

/** A new, migrated, empty database; `close()` also drops it (PostgreSQL). */
export async function openTestDatabase(): Promise<Database> {
  const testFile = relative(packageRoot, expect.getState().testPath ?? "");
  if (ENGINE_FREE_FILES.includes(testFile)) {
    throw new Error(
      `${testFile} opens the test database, so it must run against PostgreSQL too: take it off ` +
        "ENGINE_FREE_FILES (test/support/engine-free-files.ts)",
    );
  }
  if (testDatabaseUrl === null) {
    const from = await migratedTemplate();
    return openPglite(null, from === null ? {} : { from });
  }
  const scratch = await createScratchDatabase(testDatabaseUrl);
  const database = await openPostgres(scratch.url);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
