// What a database failure means for the caller, read from its error codes: the database is out of
// reach (503) or refused the request's value (422); anything else is our own fault (500).

function errorCodes(error: unknown): { code?: string; message: string }[] {
  const chain: { code?: string; message: string }[] = [];
  let current: unknown = error;
  // Drizzle wraps the driver's error (`cause`); look through the whole chain.
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    chain.push({ message: current.message, ...(typeof code === "string" ? { code } : {}) });
    current = current.cause;
  }
  return chain;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "57014", // query_canceled (statement_timeout)
  "53300", // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
];

/** The database cannot be reached or did not answer in time: 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some(
    ({ code, message }) =>
      (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) ||
      UNAVAILABLE_MESSAGES.some((m) => message.includes(m)),
  );
}

/**
 * PostgreSQL refused a value (class 22: out of range, bad encoding; 23514: a check): the
 * request's data, so a 422. Validation should catch these first; this is the safety net.
 */
export function isDataException(error: unknown): boolean {
  return errorCodes(error).some(
    ({ code }) => code !== undefined && (code.startsWith("22") || code === "23514"),
  );
}
