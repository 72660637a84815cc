// Structured JSON logs (pino). Request logs never carry a token: see request-log.ts.
import { pino, type DestinationStream } from "pino";
import type { LogLevel } from "./config.js";

export type Logger = pino.Logger;

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "api" },
      // Belt and braces: these fields are never logged on purpose; if one slips in, it is hidden.
      redact: {
        paths: ["authorization", "*.authorization", "refresh_token", "*.refresh_token", "token"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
