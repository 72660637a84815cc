// Picks the engine from the configuration (decisions D1): PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in DATA_DIR.
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { Database } from "./database.js";
import { openPglite } from "./pglite.js";
import { openPostgres } from "./postgres.js";

export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "databasePoolSize" | "dataDir">,
  logger?: Logger,
): Promise<Database> {
  if (config.databaseUrl !== null) {
    return openPostgres(config.databaseUrl, {
      max: config.databasePoolSize,
      ...(logger ? { logger } : {}),
    });
  }
  return openPglite(config.dataDir);
}
