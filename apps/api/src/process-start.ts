// What an API or worker process does first, the same way for both (server.ts, worker.ts): keep
// what it creates its owner's alone, read the configuration and open the database, or say in one
// line on stderr why it cannot and exit 1.
import { type Config, ConfigError, loadConfig } from "./config.js";
import type { Database } from "./db/database.js";
import { DataDirLockedError } from "./db/data-dir-lock.js";
import { openDatabase } from "./db/open-database.js";
import type { Logger } from "./logger.js";

/** Says why the process cannot go on, and ends it. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The configuration, or exit with the message naming every bad variable. */
export function configOrExit(): Config {
  // Whatever this process creates is its owner's alone: the data directory's lock, key and the
  // directories PGlite adds (PGlite's files themselves need src/data-dir.ts: it chmods them 0666).
  process.umask(0o077);
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** The database, migrated, or exit saying which one could not be opened and why. */
export async function databaseOrExit(config: Config, logger: Logger): Promise<Database> {
  try {
    return await openDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    const which = config.databaseUrl === null ? config.dataDir : "DATABASE_URL";
    fail(`Could not open the database (${which}): ${reason}`);
  }
}

/** Closes what the process opened (deps.close()), then ends it: 0 when all closed, 1 if not. */
export function closeAndExit(deps: { close(): Promise<void> }, logger: Logger): void {
  deps
    .close()
    .then(() => {
      logger.info("stopped");
      process.exit(0);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "error while stopping");
      process.exit(1);
    });
}
