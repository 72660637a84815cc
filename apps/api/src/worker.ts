// decisions D12: a process that runs the background jobs alone (`pnpm --filter @life-admin/api
// worker`), beside API processes started with WORKERS=off, all on one PostgreSQL: workers and
// API scale apart. On SIGINT/SIGTERM it finishes the jobs in hand and closes the database.
// (With PGlite the data directory is one process's: the API process runs the jobs itself.)
import { createDeps } from "./deps.js";
import { startJobEngine } from "./jobs/job-engine.js";
import { createLogger, standardOutput } from "./logger.js";
import { closeAndExit, configOrExit, databaseOrExit, fail } from "./process-start.js";

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel, standardOutput()).child({ role: "worker" });
  const database = await databaseOrExit(config, logger);
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
    closeAndExit(deps, logger);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
