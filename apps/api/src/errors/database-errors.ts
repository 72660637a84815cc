// What a database failure means for the caller, read from its error codes: the database is out of
// reach (503) or refused the request's value (422); anything else is our own fault (500). And what
// of it may be logged: its kind and codes, never its text (issue 17).

/** The error and its causes: drizzle wraps the driver's error (`cause`). */
function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function stringField(error: Error, name: string): string | undefined {
  const value = (error as unknown as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

function errorCodes(error: unknown): { code?: string; message: string }[] {
  return errorChain(error).map((link) => {
    const code = stringField(link, "code");
    return { message: link.message, ...(code === undefined ? {} : { code }) };
  });
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

/**
 * The foreign key a write broke (SQLSTATE 23503: the row it names is not there), by the
 * constraint's name; null for any other failure.
 */
export function brokenForeignKey(error: unknown): string | null {
  for (const link of errorChain(error)) {
    if (stringField(link, "code") === "23503") return stringField(link, "constraint") ?? null;
  }
  return null;
}

/** The foreign keys by which a row names its user, or a refresh token its sign-in. */
const OWNER_KEY = /^(\w+_user_id_users_id_fk|refresh_tokens_sign_in_id_sign_ins_id_fk)$/;

/**
 * A write for a user, or a sign-in, that is no longer there (issue 22: the account was deleted
 * while the request was on its way): the insert's foreign key to it failed. The request was
 * signed in when it began; its answer is the 401 of a sign-in that has ended.
 */
export function isOwnerGone(error: unknown): boolean {
  const key = brokenForeignKey(error);
  return key !== null && OWNER_KEY.test(key);
}

/** What a log line may say of a failed query. */
export interface DatabaseErrorLog {
  /** The error's kind, then its causes' (e.g. DrizzleQueryError, then DatabaseError). */
  type: string;
  causes: string[];
  /** PostgreSQL's SQLSTATE (e.g. 23505), or the system's (ECONNREFUSED). */
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/** PostgreSQL's own report (node-postgres' or PGlite's DatabaseError): a severity and a SQLSTATE. */
function isServerReport(error: Error): boolean {
  return stringField(error, "severity") !== undefined && stringField(error, "code") !== undefined;
}

/** A failed query that keeps its query and parameters: drizzle's wrapper (PGlite's report too). */
function isQueryFailure(error: Error): boolean {
  return "params" in error && "query" in error;
}

/**
 * An error's kind by what it is: PGlite's classes are minified (its DatabaseError's constructor is
 * called "O") and PostgreSQL's reports are all named "error", so those two get a fixed name.
 */
function kindOf(error: Error): string {
  if (isServerReport(error)) return "DatabaseError";
  if (isQueryFailure(error)) return "DrizzleQueryError";
  return error.name;
}

/**
 * A database failure as it may be logged: the errors' classes, the SQLSTATE and the table, column
 * and constraint it names. Never a message or a field beyond those: drizzle's message quotes the
 * query's parameters (a task's text, an email, a nonce, a PKCE verifier) and PostgreSQL's detail
 * quotes the row. Null when `error` is no database failure.
 */
export function databaseErrorForLog(error: unknown): DatabaseErrorLog | null {
  const chain = errorChain(error);
  if (!chain.some((link) => isQueryFailure(link) || isServerReport(link))) return null;
  const [outer, ...causes] = chain.map(kindOf);
  const report = chain.find(isServerReport);
  const code = chain.map((link) => stringField(link, "code")).find((c) => c !== undefined);
  const log: DatabaseErrorLog = { type: outer ?? "Error", causes };
  if (code !== undefined) log.code = code;
  for (const name of ["table", "column", "constraint"] as const) {
    const value = report === undefined ? undefined : stringField(report, name);
    if (value !== undefined) log[name] = value;
  }
  return log;
}
