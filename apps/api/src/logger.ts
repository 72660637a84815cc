// Structured JSON logs (pino). Request logs never carry a token: see request-log.ts.
import { pino, type DestinationStream } from "pino";
import type { LogLevel } from "./config.js";
import { databaseErrorForLog } from "./errors/database-errors.js";

/**
 * An `err` field: a database failure by its kind and codes only (its message and fields quote
 * the query's parameters: issue 17), any other error as pino writes it (type, message, stack).
 */
function errorForLog(error: unknown): unknown {
  return databaseErrorForLog(error) ?? pino.stdSerializers.err(error as Error);
}

export type Logger = pino.Logger;

/**
 * Standard output, written asynchronously: lines logged while a write is under way go out
 * together in the next one, instead of one write(2) for each (a line for every request: issue
 * 18). pino writes what is still buffered when the process exits, even by process.exit; a
 * SIGKILL loses it.
 */
export function standardOutput(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "api" },
      serializers: { err: errorForLog },
      // Belt and braces: these fields are never logged on purpose; if one slips in, it is hidden.
      redact: {
        paths: ["authorization", "*.authorization", "refresh_token", "*.refresh_token", "token"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
