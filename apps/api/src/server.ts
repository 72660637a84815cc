// The API process: reads the configuration, opens the database (migrating it), listens, and on
// SIGINT/SIGTERM stops accepting, finishes what is in flight and closes the database.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { buildApp } from "./app.js";
import { createServerWithLocalProvider } from "./auth/oidc/local-provider-server.js";
import { createDeps } from "./deps.js";
import { runJobEngineUntilClose } from "./jobs/job-engine.js";
import {
  NODE_SERVER_OPTIONS,
  answerClientErrors,
  lingerBeforeClosing,
} from "./http/node-server.js";
import { createLogger, standardOutput } from "./logger.js";
import { closeAndExit, configOrExit, databaseOrExit } from "./process-start.js";

/** How long shutdown waits for requests in flight before giving up. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel, standardOutput());
  const started = performance.now();
  const database = await databaseOrExit(config, logger);
  const deps = createDeps({ config, database, logger });
  const app = buildApp(deps);

  const server = serve(
    {
      fetch: app.fetch,
      hostname: config.host,
      port: config.port,
      // decisions D2: without Google credentials the local OpenID provider answers under /oidc.
      createServer: createServerWithLocalProvider(deps.signIn.local),
      serverOptions: NODE_SERVER_OPTIONS,
    },
    (info: AddressInfo) => {
      logger.info(
        {
          url: `http://${config.host}:${info.port}`,
          port: info.port,
          database: database.kind,
          sign_in: config.google === null ? "local" : "google",
          startup_ms: Math.round(performance.now() - started),
          workers: config.workers,
        },
        "listening",
      );
      // decisions D12: this process runs the background jobs too, unless WORKERS=off.
      if (config.workers) void runJobEngineUntilClose(deps);
      // Ready for the first upload's reading, which it queues whether or not workers run here.
      deps.jobs.start();
    },
  );
  answerClientErrors(server);
  lingerBeforeClosing(server);
  server.on("error", (error) => {
    logger.fatal({ err: error }, "cannot listen");
    void deps.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("requests still in flight after the grace period; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      closeAndExit(deps, logger);
    });
    // Idle keep-alive connections would otherwise hold close() open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
