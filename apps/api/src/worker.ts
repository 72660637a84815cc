// decisions D12: a process that runs the background jobs alone (`pnpm --filter @life-admin/api
// worker`), beside API processes started with WORKERS=off, all on one PostgreSQL: workers and
// API scale apart. On SIGINT/SIGTERM it finishes the jobs in hand and closes the database.
// (With PGlite the data directory is one process's: the API process runs the jobs itself.)
import { ConfigError, loadConfig } from "./config.js";
import { DataDirLockedError } from "./db/data-dir-lock.js";
import { openDatabase } from "./db/open-database.js";
import { createDeps } from "./deps.js";
import { startJobEngine } from "./jobs/job-engine.js";
import { createLogger, standardOutput } from "./logger.js";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel, standardOutput()).child({ role: "worker" });
  let database;
  try {
    database = await openDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Could not open the database: ${reason}`);
  }
  const deps = createDeps({ config, database, logger });
  const engine = await startJobEngine(deps).catch(async (error: unknown) => {
    await deps.close();
    fail(
      `The job engine could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  deps.onClose(() => engine.stop());
  logger.info({ database: database.kind, email: config.email !== null }, "worker started");

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
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
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
