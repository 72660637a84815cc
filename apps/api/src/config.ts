// The API's configuration: every environment variable, validated once. This is the only module
// that reads process.env (conventions: one environment module per app, listing every bad key).
import { createPrivateKey } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { repoRoot } from "./paths.js";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const HttpUrlSchema = z
  .string()
  .refine((v) => isUrlWithProtocol(v, ["http:", "https:"]), {
    error: "must be an http:// or https:// URL",
  })
  .transform((v) => v.replace(/\/+$/, ""));

const OriginSchema = z
  .string()
  .refine(
    (v) => isUrlWithProtocol(v, ["http:", "https:"]) && new URL(v).origin === v.replace(/\/$/, ""),
    {
      error: "must be an origin such as http://127.0.0.1:5173 (scheme, host and port; no path)",
    },
  )
  .transform((v) => new URL(v).origin);

const PostgresUrlSchema = z
  .string()
  .refine((v) => isUrlWithProtocol(v, ["postgres:", "postgresql:"]), {
    error: "must be a postgres:// or postgresql:// connection URL",
  });

/**
 * decisions D3: tokens are signed with Ed25519 (EdDSA). The key is a PKCS#8 PEM private key
 * ("-----BEGIN PRIVATE KEY-----", as `openssl genpkey -algorithm ed25519` writes it); literal
 * "\n" sequences are accepted so that the PEM fits on one line of an environment file.
 */
const SmtpUrlSchema = z.string().refine((v) => isUrlWithProtocol(v, ["smtp:", "smtps:"]), {
  error:
    "must be an smtp:// or smtps:// URL (smtps: TLS from the start), e.g. smtp://user:pass@mail.example.com:587",
});

/** An address as a From header takes it: "reminders@example.com" or "Life Admin <reminders@example.com>". */
const MailFromSchema = z
  .string()
  .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
    error: 'must be an email address, or a name and one: "Life Admin <reminders@example.com>"',
  });

const SigningKeySchema = z
  .string()
  .transform((v) => v.replace(/\\n/g, "\n").trim() + "\n")
  .refine(isEd25519PrivateKeyPem, {
    error: "must be an Ed25519 private key in PKCS#8 PEM form (openssl genpkey -algorithm ed25519)",
  });

/**
 * decisions D14: the key files are encrypted with at rest (AES-256-GCM): 32 random bytes in base64
 * (`openssl rand -base64 32`), padded or not; base64url is read too.
 */
const FilesKeySchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const bytes = filesKeyBytes(value);
    if (bytes !== null) return bytes;
    context.issues.push({
      code: "custom",
      input: value,
      message: "must be 32 random bytes in base64 (openssl rand -base64 32)",
    });
    return z.NEVER;
  });

/** The 32 bytes a FILES_KEY value holds, or null when it is not base64 of exactly 32 bytes. */
export function filesKeyBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}

/** A whole number from `min` to `max` written in decimal digits, e.g. a count of days. */
function wholeNumberIn(min: number, max: number, unit: string) {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
}

/** A size in bytes, written in decimal digits (`20971520` for 20 MiB). */
function byteCountIn(min: number, max: number) {
  const error = `must be a whole number of bytes from ${min} to ${max} (${sizeText(max)})`;
  return z
    .string()
    .regex(/^\d{1,16}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
}

/** 20 MiB, 1 GiB, 1.5 KiB: a size as a person reads it, in binary units. */
export function sizeText(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return unit === 0 ? `${bytes} bytes` : `${rounded.toLocaleString("en-US")} ${units[unit]}`;
}

export function isEd25519PrivateKeyPem(pem: string): boolean {
  if (!pem.includes("-----BEGIN PRIVATE KEY-----")) return false;
  try {
    return createPrivateKey({ key: pem, format: "pem" }).asymmetricKeyType === "ed25519";
  } catch {
    return false;
  }
}

const DEFAULT_HOST = "127.0.0.1";

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/** decisions D14: an upload's largest file, and the most one person may keep. */
const UPLOAD_DEFAULT_BYTES = 20 * MIB;
// Stored in one bytea value, read whole to be decrypted and read: a limit memory can carry.
const UPLOAD_MAX_BYTES = 256 * MIB;
const FILE_QUOTA_DEFAULT_BYTES = GIB;
const FILE_QUOTA_MAX_BYTES = 1024 * GIB;

/**
 * A claimed morning's lease must outlast the longest send: the mailer gives up on a silent server
 * after its connection, greeting and socket timeouts (about 50 s, email/mailer.ts). A shorter
 * lease lets a second worker send a morning whose first send is still waiting for the server's
 * answer, and the person gets it twice; below this floor is for tests that kill workers.
 */
const LEASE_FLOOR_SECONDS_IN_PRODUCTION = 60;
const LEASE_DEFAULT_SECONDS = 300;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1 (IPv4-mapped or written out too) or localhost: this machine only. */
function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === "localhost") return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? "ipv4" : "ipv6");
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default(DEFAULT_HOST),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, { error: "must be a port number from 0 to 65535" })
    .transform(Number)
    .refine((n) => n <= 65_535, { error: "must be a port number from 0 to 65535" })
    .default(8000),
  PUBLIC_API_URL: HttpUrlSchema.optional(),
  WEB_ORIGIN: OriginSchema.default("http://127.0.0.1:5173"),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: PostgresUrlSchema.optional(),
  // node-postgres connections per API process (issue 18: writes measured against pgbench).
  DATABASE_POOL_SIZE: wholeNumberIn(1, 500, "connections").default(20),
  TOKEN_SIGNING_KEY: SigningKeySchema.optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  // decisions D3: a sign-in's absolute lifetime, which rotation does not extend (issue 17).
  SESSION_MAX_AGE_DAYS: wholeNumberIn(1, 365, "days").default(30),
  // issue 17: a sign-in not refreshed for this long ends (each refresh token lives this long).
  SESSION_IDLE_DAYS: wholeNumberIn(1, 365, "days").default(14),
  // decisions D3: a just-rotated refresh token repeated this soon gets the same successor
  // instead of counting as reuse; "never longer" than 10 seconds (issue 17).
  REFRESH_GRACE_SECONDS: wholeNumberIn(0, 10, "seconds").default(10),
  // decisions D15, issue 17: requests a minute, counted in the database across API processes.
  // Enough for a household behind one address and for the e2e suite and the bench (which sign in
  // about a hundred times from 127.0.0.1 within minutes); a flood is refused past them.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: wholeNumberIn(1, 100_000, "requests").default(120),
  RATE_LIMIT_REFRESH_PER_MINUTE: wholeNumberIn(1, 100_000, "requests").default(120),
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE: wholeNumberIn(1, 100_000, "requests").default(30),
  RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: wholeNumberIn(1, 100_000, "requests").default(30),
  // How many proxies of ours stand in front of the API, each appending to X-Forwarded-For: the
  // client address is the one the outermost of them saw. 0: the header is ignored.
  TRUST_PROXY_HOPS: wholeNumberIn(0, 10, "proxies").default(0),
  // issue 17: rows one user may keep (the bench makes a user with 10,000 tasks).
  MAX_TASKS_PER_USER: wholeNumberIn(1, 999_999, "tasks").default(50_000),
  MAX_SUBSCRIPTIONS_PER_USER: wholeNumberIn(1, 999_999, "subscriptions").default(5_000),
  // decisions D13: the morning reminder emails go out through this server; unset, email is off.
  SMTP_URL: SmtpUrlSchema.optional(),
  MAIL_FROM: MailFromSchema.optional(),
  // decisions D12: "off" keeps an API process from running the job engine's workers (then a
  // `worker` process runs them: scale them apart).
  WORKERS: z.enum(["on", "off"]).default("on"),
  // decisions D13: how long a claimed morning is kept from other workers while its email is sent.
  // A worker killed mid-send leaves its claim behind; the morning goes out again once it ends.
  REMINDER_LEASE_SECONDS: wholeNumberIn(1, 3600, "seconds").default(LEASE_DEFAULT_SECONDS),
  // decisions D14: the files' encryption key; unset outside production, one is generated into
  // DATA_DIR (files/files-key.ts).
  FILES_KEY: FilesKeySchema.optional(),
  // decisions D14: the largest file an upload may carry, and the bytes one person may keep.
  MAX_UPLOAD_BYTES: byteCountIn(1, UPLOAD_MAX_BYTES).default(UPLOAD_DEFAULT_BYTES),
  MAX_FILE_BYTES_PER_USER: byteCountIn(1, FILE_QUOTA_MAX_BYTES).default(FILE_QUOTA_DEFAULT_BYTES),
  // decisions D14: how long one file may hold a reading thread; then the thread is replaced and the
  // file is unreadable ("took too long"). A minute by default: a photo takes a second or two.
  READING_TIMEOUT_SECONDS: wholeNumberIn(1, 3600, "seconds").default(60),
});

/**
 * Rules across variables, read from the raw values so that they are reported together with
 * every other bad variable (a zod refinement would only run once the rest were valid).
 */
function crossVariableIssues(env: Record<string, string>): string[] {
  const issues: string[] = [];
  const hasId = env.GOOGLE_CLIENT_ID !== undefined;
  const hasSecret = env.GOOGLE_CLIENT_SECRET !== undefined;
  if (hasId !== hasSecret) {
    const missing = hasId ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
    issues.push(`${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together`);
  }
  // decisions D2: the local provider signs anyone in as any email, so only this machine may
  // reach it (issue 17: HOST=0.0.0.0 without Google let the whole network sign in as anyone).
  const host = env.HOST ?? DEFAULT_HOST;
  if (!hasId && !hasSecret && !isLoopbackHost(host)) {
    issues.push(
      `HOST: ${host} is not a loopback address (127.0.0.0/8, ::1, localhost), and without ` +
        "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET the API would serve its local sign-in " +
        "provider, which signs anyone in as any email, to the network: set HOST to 127.0.0.1 " +
        "or set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET",
    );
  }
  if (env.MAIL_FROM !== undefined && env.SMTP_URL === undefined) {
    issues.push("MAIL_FROM: is only used with SMTP_URL (without it, no email is sent)");
  }
  if (env.NODE_ENV !== "production") return issues;
  if (env.SMTP_URL !== undefined && env.MAIL_FROM === undefined) {
    issues.push(
      "MAIL_FROM: is required in production with SMTP_URL (the address emails come from)",
    );
  }
  const lease = env.REMINDER_LEASE_SECONDS;
  if (lease !== undefined && Number(lease) < LEASE_FLOOR_SECONDS_IN_PRODUCTION) {
    issues.push(
      `REMINDER_LEASE_SECONDS: must be at least ${LEASE_FLOOR_SECONDS_IN_PRODUCTION} in production ` +
        "(a send may wait that long for the mail server; a shorter lease lets a second worker " +
        "send the same email)",
    );
  }
  if (env.TOKEN_SIGNING_KEY === undefined) {
    issues.push(
      "TOKEN_SIGNING_KEY: is required in production (a generated key is only kept outside production)",
    );
  }
  if (env.FILES_KEY === undefined) {
    issues.push(
      "FILES_KEY: is required in production (the key the stored files are encrypted with; a " +
        "generated key is only kept outside production): openssl rand -base64 32",
    );
  }
  // decisions D2: the local OpenID provider must refuse to run in production.
  if (!hasId && !hasSecret) {
    issues.push(
      "GOOGLE_CLIENT_ID: is required in production: without Google credentials the API would use " +
        "its local sign-in provider, which is for development only",
    );
  }
  return issues;
}

/** decisions D3, issue 17: how long a sign-in lasts, and how a refresh race is forgiven. */
export interface SessionLimits {
  /** SESSION_MAX_AGE_DAYS: every sign-in ends this long after it began, whatever rotation does. */
  maxAgeDays: number;
  /** SESSION_IDLE_DAYS: the life of each refresh token, so a sign-in not refreshed for it ends. */
  idleDays: number;
  /** REFRESH_GRACE_SECONDS: how long a rotated refresh token still answers its successor. */
  refreshGraceSeconds: number;
}

export interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
}

/** decisions D15, issue 17: requests a minute each limit allows (http/rate-limits.ts). */
export interface RateLimitConfig {
  /** RATE_LIMIT_SIGN_IN_PER_MINUTE: sign-in starts, and code exchanges, per client address. */
  signInPerMinute: number;
  /** RATE_LIMIT_REFRESH_PER_MINUTE: refreshes per client address. */
  refreshPerMinute: number;
  /** RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE: code exchanges that sign one account in. */
  signInPerAccountPerMinute: number;
  /** RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: refreshes of one account's sign-ins. */
  refreshPerAccountPerMinute: number;
}

/** Issue 17: the most rows of each kind one user may keep (http/row-caps.ts). */
export interface RowCaps {
  /** MAX_TASKS_PER_USER */
  tasks: number;
  /** MAX_SUBSCRIPTIONS_PER_USER */
  subscriptions: number;
}

/** decisions D14: the files people upload. */
export interface FilesConfig {
  /** FILES_KEY's 32 bytes, or null to use (or create) the key kept in `dataDir`. */
  key: Buffer | null;
  /** MAX_UPLOAD_BYTES: the largest file one upload may carry. */
  maxUploadBytes: number;
  /** MAX_FILE_BYTES_PER_USER: the bytes of files one person may keep. */
  maxBytesPerUser: number;
  /** READING_TIMEOUT_SECONDS: how long one file may take a reading thread (reading/extract-text.ts). */
  readingTimeoutSeconds: number;
}

/** decisions D13: where reminder emails go out, when email is on. */
export interface EmailConfig {
  /** SMTP_URL: smtp:// or smtps://, with the account in it when the server wants one. */
  smtpUrl: string;
  /** MAIL_FROM, or "Life Admin <reminders@{the API's host}>" outside production. */
  from: string;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** The API's own public address, without a trailing slash: the tokens' `iss`, redirect URIs. */
  publicApiUrl: string;
  /** The web app's origin: the only CORS origin, and where sign-in redirects the browser. */
  webOrigin: string;
  /** Absolute path of the data directory (PGlite files, the generated signing key). */
  dataDir: string;
  /** Set: PostgreSQL through node-postgres. Unset: PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: connections each API process keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** Ed25519 PKCS#8 PEM, or null to use (or create) the key kept in `dataDir`. */
  tokenSigningKey: string | null;
  /** Set: sign in with Google. Null: the local OpenID provider (never in production). */
  google: GoogleCredentials | null;
  logLevel: LogLevel;
  session: SessionLimits;
  rateLimits: RateLimitConfig;
  /** TRUST_PROXY_HOPS: proxies of ours in front of the API (http/client-address.ts). */
  trustProxyHops: number;
  rowCaps: RowCaps;
  /** Null without SMTP_URL: no email is sent, and GET /users/me says so. */
  email: EmailConfig | null;
  /** WORKERS: whether this API process runs the job engine's workers (src/jobs/). */
  workers: boolean;
  /**
   * REMINDER_LEASE_SECONDS: how long a worker's claim on a morning keeps others off it; a morning
   * whose worker died is sent again once its lease ends (jobs/reminder-emails.ts).
   */
  reminderLeaseSeconds: number;
  files: FilesConfig;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Where the data lives when DATA_DIR is not set: `.data/` at the repository root. */
export const DEFAULT_DATA_DIR = join(repoRoot, ".data");

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Reads and validates the configuration. Empty values count as unset (as in most .env files).
 * Throws a ConfigError whose message names every bad variable at once.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== "",
    ),
  );
  const parsed = EnvSchema.safeParse(present);
  const issues = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? []),
    ...crossVariableIssues(present),
  ];
  if (!parsed.success || issues.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join("\n")}`);
  }
  const e = parsed.data;
  // A relative DATA_DIR is relative to the working directory, like any path given on a command line.
  const dataDir = e.DATA_DIR === undefined ? DEFAULT_DATA_DIR : resolve(e.DATA_DIR);
  const publicApiUrl = e.PUBLIC_API_URL ?? `http://${hostForUrl(e.HOST)}:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicApiUrl,
    webOrigin: e.WEB_ORIGIN,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    tokenSigningKey: e.TOKEN_SIGNING_KEY ?? null,
    google:
      e.GOOGLE_CLIENT_ID !== undefined && e.GOOGLE_CLIENT_SECRET !== undefined
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    logLevel: e.LOG_LEVEL,
    session: {
      maxAgeDays: e.SESSION_MAX_AGE_DAYS,
      idleDays: e.SESSION_IDLE_DAYS,
      refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    },
    rateLimits: {
      signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      refreshPerMinute: e.RATE_LIMIT_REFRESH_PER_MINUTE,
      signInPerAccountPerMinute: e.RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE,
      refreshPerAccountPerMinute: e.RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE,
    },
    trustProxyHops: e.TRUST_PROXY_HOPS,
    rowCaps: { tasks: e.MAX_TASKS_PER_USER, subscriptions: e.MAX_SUBSCRIPTIONS_PER_USER },
    email:
      e.SMTP_URL === undefined
        ? null
        : {
            smtpUrl: e.SMTP_URL,
            from: e.MAIL_FROM ?? `Life Admin <reminders@${new URL(publicApiUrl).hostname}>`,
          },
    workers: e.WORKERS === "on",
    reminderLeaseSeconds: e.REMINDER_LEASE_SECONDS,
    files: {
      key: e.FILES_KEY ?? null,
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
      maxBytesPerUser: e.MAX_FILE_BYTES_PER_USER,
      readingTimeoutSeconds: e.READING_TIMEOUT_SECONDS,
    },
  };
}
