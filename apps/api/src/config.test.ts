import { generateKeyPairSync, randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { generateSigningKeyPem } from "./auth/signing-key.js";
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from "./config.js";
import { repoRoot } from "./paths.js";

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("defaults to a local API on 127.0.0.1:8000 with PGlite in .data/ at the repository root", () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: "development",
      host: "127.0.0.1",
      port: 8000,
      publicApiUrl: "http://127.0.0.1:8000",
      webOrigin: "http://127.0.0.1:5173",
      dataDir: join(repoRoot, ".data"),
      databaseUrl: null,
      databasePoolSize: 20,
      tokenSigningKey: null,
      google: null,
      logLevel: "info",
      session: { maxAgeDays: 30, idleDays: 14, refreshGraceSeconds: 10 },
      rateLimits: {
        signInPerMinute: 120,
        refreshPerMinute: 120,
        signInPerAccountPerMinute: 30,
        refreshPerAccountPerMinute: 30,
      },
      trustProxyHops: 0,
      rowCaps: { tasks: 50_000, subscriptions: 5_000 },
      email: null,
      workers: true,
      reminderLeaseSeconds: 300,
      files: {
        key: null,
        maxUploadBytes: 20 * 1024 * 1024,
        maxBytesPerUser: 1024 ** 3,
        readingTimeoutSeconds: 60,
      },
    });
    expect(DEFAULT_DATA_DIR).toBe(join(repoRoot, ".data"));
  });

  it("turns email on with SMTP_URL (From defaulting to the API's host outside production), and workers off with WORKERS=off", () => {
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).email).toEqual({
      smtpUrl: "smtp://127.0.0.1:2525",
      from: "Life Admin <reminders@127.0.0.1>",
    });
    expect(loadConfig({ WORKERS: "off" }).workers).toBe(false);
    expect(errorOf({ SMTP_URL: "http://mail.example.com" })).toContain(
      "SMTP_URL: must be an smtp://",
    );
    expect(errorOf({ MAIL_FROM: "a@example.com" })).toContain(
      "MAIL_FROM: is only used with SMTP_URL",
    );
    expect(errorOf({ SMTP_URL: "smtp://m.example.com", MAIL_FROM: "nobody" })).toContain(
      "MAIL_FROM: must be an email address",
    );
  });

  it("keeps a worker's claim on a morning for REMINDER_LEASE_SECONDS, never under a minute in production", () => {
    expect(loadConfig({ REMINDER_LEASE_SECONDS: "3" }).reminderLeaseSeconds).toBe(3);
    expect(errorOf({ REMINDER_LEASE_SECONDS: "0" })).toContain(
      "REMINDER_LEASE_SECONDS: must be a whole number of seconds from 1 to 3600",
    );
    expect(errorOf({ REMINDER_LEASE_SECONDS: "5 minutes" })).toContain(
      "REMINDER_LEASE_SECONDS: must be a whole number of seconds",
    );
    const production = {
      NODE_ENV: "production",
      TOKEN_SIGNING_KEY: generateSigningKeyPem(),
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      FILES_KEY: randomBytes(32).toString("base64"),
    };
    expect(loadConfig({ ...production, REMINDER_LEASE_SECONDS: "60" }).reminderLeaseSeconds).toBe(
      60,
    );
    expect(errorOf({ ...production, REMINDER_LEASE_SECONDS: "59" })).toContain(
      "REMINDER_LEASE_SECONDS: must be at least 60 in production",
    );
  });

  it("derives PUBLIC_API_URL from HOST and PORT unless it is set, and drops a trailing slash", () => {
    expect(loadConfig({ HOST: "::1", PORT: "9000" }).publicApiUrl).toBe("http://[::1]:9000");
    const google = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
    expect(loadConfig({ HOST: "0.0.0.0", ...google }).publicApiUrl).toBe("http://127.0.0.1:8000");
    expect(loadConfig({ PUBLIC_API_URL: "https://api.example.com/" }).publicApiUrl).toBe(
      "https://api.example.com",
    );
  });

  it("normalises WEB_ORIGIN to an origin and resolves a relative DATA_DIR from the working directory", () => {
    const config = loadConfig({ WEB_ORIGIN: "https://app.example.com/", DATA_DIR: "some/dir" });
    expect(config.webOrigin).toBe("https://app.example.com");
    expect(config.dataDir).toBe(resolve("some/dir"));
  });

  it("treats empty values as unset", () => {
    expect(
      loadConfig({ PORT: "", DATABASE_URL: " ", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" }),
    ).toMatchObject({
      port: 8000,
      databaseUrl: null,
      google: null,
    });
  });

  it("switches to PostgreSQL with DATABASE_URL and to Google with both credentials", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://app@db.internal:5432/life_admin",
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(config.databaseUrl).toBe("postgres://app@db.internal:5432/life_admin");
    expect(loadConfig({ DATABASE_POOL_SIZE: "50" }).databasePoolSize).toBe(50);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(config.google).toEqual({
      clientId: "id.apps.googleusercontent.com",
      clientSecret: "secret",
    });
  });

  it("lists every bad variable in one message", () => {
    const message = errorOf({
      NODE_ENV: "staging",
      PORT: "eighty",
      PUBLIC_API_URL: "not a url",
      WEB_ORIGIN: "http://127.0.0.1:5173/app",
      DATABASE_URL: "mysql://localhost/db",
      TOKEN_SIGNING_KEY: "not a key",
      GOOGLE_CLIENT_ID: "only-the-id",
      LOG_LEVEL: "loud",
    });
    for (const key of [
      "NODE_ENV",
      "PORT",
      "PUBLIC_API_URL",
      "WEB_ORIGIN",
      "DATABASE_URL",
      "TOKEN_SIGNING_KEY",
      "GOOGLE_CLIENT_SECRET",
      "LOG_LEVEL",
    ]) {
      expect(message).toMatch(new RegExp(`^  ${key}: `, "m"));
    }
    expect(message.startsWith("Invalid configuration:")).toBe(true);
  });

  it("refuses a port out of range", () => {
    expect(errorOf({ PORT: "65536" })).toContain("PORT");
    expect(errorOf({ PORT: "-1" })).toContain("PORT");
  });

  it("accepts an Ed25519 PKCS#8 PEM as TOKEN_SIGNING_KEY, also with \\n written out on one line", () => {
    const pem = generateSigningKeyPem();
    expect(loadConfig({ TOKEN_SIGNING_KEY: pem }).tokenSigningKey).toBe(pem);
    expect(
      loadConfig({ TOKEN_SIGNING_KEY: pem.trim().replaceAll("\n", "\\n") }).tokenSigningKey,
    ).toBe(pem);
  });

  it("refuses a signing key of another type", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    expect(errorOf({ TOKEN_SIGNING_KEY: rsa })).toContain(
      "TOKEN_SIGNING_KEY: must be an Ed25519 private key",
    );
  });

  it("takes a sign-in's lifetime, idle limit and refresh grace window from the environment", () => {
    expect(
      loadConfig({
        SESSION_MAX_AGE_DAYS: "365",
        SESSION_IDLE_DAYS: "1",
        REFRESH_GRACE_SECONDS: "0",
      }).session,
    ).toEqual({ maxAgeDays: 365, idleDays: 1, refreshGraceSeconds: 0 });
  });

  it("refuses session limits that are not whole numbers in range, naming each", () => {
    for (const [key, value] of [
      ["SESSION_MAX_AGE_DAYS", "0"],
      ["SESSION_MAX_AGE_DAYS", "366"],
      ["SESSION_MAX_AGE_DAYS", "1.5"],
      ["SESSION_IDLE_DAYS", "-3"],
      ["SESSION_IDLE_DAYS", "two weeks"],
      ["REFRESH_GRACE_SECONDS", "11"],
      ["REFRESH_GRACE_SECONDS", "1e1"],
    ] as const) {
      expect(errorOf({ [key]: value }), `${key}=${value}`).toMatch(
        new RegExp(
          `^ {2}${key}: must be a whole number of (days from 1 to 365|seconds from 0 to 10)$`,
          "m",
        ),
      );
    }
    const message = errorOf({
      SESSION_MAX_AGE_DAYS: "0",
      SESSION_IDLE_DAYS: "0",
      REFRESH_GRACE_SECONDS: "60",
    });
    expect(message).toContain("SESSION_MAX_AGE_DAYS: must be a whole number of days from 1 to 365");
    expect(message).toContain("SESSION_IDLE_DAYS: must be a whole number of days from 1 to 365");
    expect(message).toContain(
      "REFRESH_GRACE_SECONDS: must be a whole number of seconds from 0 to 10",
    );
  });

  it("takes the rate limits, the proxies to trust and the row caps from the environment", () => {
    const config = loadConfig({
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "5",
      RATE_LIMIT_REFRESH_PER_MINUTE: "6",
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT_PER_MINUTE: "7",
      RATE_LIMIT_REFRESH_PER_ACCOUNT_PER_MINUTE: "8",
      TRUST_PROXY_HOPS: "2",
      MAX_TASKS_PER_USER: "100",
      MAX_SUBSCRIPTIONS_PER_USER: "10",
    });
    expect(config).toMatchObject({
      rateLimits: {
        signInPerMinute: 5,
        refreshPerMinute: 6,
        signInPerAccountPerMinute: 7,
        refreshPerAccountPerMinute: 8,
      },
      trustProxyHops: 2,
      rowCaps: { tasks: 100, subscriptions: 10 },
    });
  });

  it("refuses a rate limit or row cap of zero or no number, and more than 10 proxies, naming each", () => {
    const message = errorOf({
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "0",
      RATE_LIMIT_REFRESH_PER_MINUTE: "lots",
      TRUST_PROXY_HOPS: "11",
      MAX_TASKS_PER_USER: "-1",
      MAX_SUBSCRIPTIONS_PER_USER: "1.5",
    });
    for (const line of [
      "RATE_LIMIT_SIGN_IN_PER_MINUTE: must be a whole number of requests from 1 to 100000",
      "RATE_LIMIT_REFRESH_PER_MINUTE: must be a whole number of requests from 1 to 100000",
      "TRUST_PROXY_HOPS: must be a whole number of proxies from 0 to 10",
      "MAX_TASKS_PER_USER: must be a whole number of tasks from 1 to 999999",
      "MAX_SUBSCRIPTIONS_PER_USER: must be a whole number of subscriptions from 1 to 999999",
    ]) {
      expect(message).toContain(line);
    }
  });

  it("refuses to serve the local sign-in provider on an address other than loopback", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "app.example.com", "128.0.0.1"]) {
      const message = errorOf({ HOST: host });
      expect(message).toMatch(
        new RegExp(`^ {2}HOST: ${host.replace(/\./g, "\\.")} is not a loopback`, "m"),
      );
      expect(message).toContain("GOOGLE_CLIENT_ID");
    }
    for (const host of [
      "127.0.0.1",
      "127.8.9.10",
      "::1",
      "0:0:0:0:0:0:0:1",
      "localhost",
      "LOCALHOST",
    ]) {
      expect(loadConfig({ HOST: host }).google).toBeNull();
    }
    const google = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
    expect(loadConfig({ HOST: "0.0.0.0", ...google }).host).toBe("0.0.0.0");
  });

  it("in production requires TOKEN_SIGNING_KEY, FILES_KEY and Google credentials, naming each", () => {
    const message = errorOf({ NODE_ENV: "production" });
    expect(message).toMatch(/^ {2}TOKEN_SIGNING_KEY: is required in production/m);
    expect(message).toMatch(/^ {2}FILES_KEY: is required in production/m);
    expect(message).toMatch(/^ {2}GOOGLE_CLIENT_ID: is required in production/m);
    const ok = loadConfig({
      NODE_ENV: "production",
      TOKEN_SIGNING_KEY: generateSigningKeyPem(),
      FILES_KEY: randomBytes(32).toString("base64"),
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(ok.nodeEnv).toBe("production");
  });

  it("reads FILES_KEY as 32 bytes of base64 (padded or not, or base64url), refusing any other length", () => {
    const key = randomBytes(32);
    for (const written of [
      key.toString("base64"),
      key.toString("base64").replace(/=$/, ""),
      key.toString("base64url"),
      ` ${key.toString("base64")}\n`,
    ]) {
      expect(loadConfig({ FILES_KEY: written }).files.key).toEqual(key);
    }
    for (const wrong of [
      randomBytes(16).toString("base64"),
      randomBytes(33).toString("base64"),
      "not base64 at all, but 44 characters long!!",
      key.toString("hex"),
    ]) {
      expect(errorOf({ FILES_KEY: wrong })).toContain(
        "FILES_KEY: must be 32 random bytes in base64 (openssl rand -base64 32)",
      );
    }
  });

  it("takes the upload limit and the bytes of files per person from the environment, in bytes", () => {
    const files = loadConfig({ MAX_UPLOAD_BYTES: "1048576", MAX_FILE_BYTES_PER_USER: "5000000" });
    expect(files.files).toMatchObject({ maxUploadBytes: 1_048_576, maxBytesPerUser: 5_000_000 });
    const message = errorOf({ MAX_UPLOAD_BYTES: "20MB", MAX_FILE_BYTES_PER_USER: "0" });
    expect(message).toContain(
      "MAX_UPLOAD_BYTES: must be a whole number of bytes from 1 to 268435456 (256 MiB)",
    );
    expect(message).toContain(
      "MAX_FILE_BYTES_PER_USER: must be a whole number of bytes from 1 to 1099511627776 (1 TiB)",
    );
    expect(errorOf({ MAX_UPLOAD_BYTES: String(256 * 1024 * 1024 + 1) })).toContain(
      "MAX_UPLOAD_BYTES: must be a whole number of bytes",
    );
  });

  it("gives a file READING_TIMEOUT_SECONDS of a reading thread, from 1 second to an hour", () => {
    expect(loadConfig({ READING_TIMEOUT_SECONDS: "5" }).files.readingTimeoutSeconds).toBe(5);
    expect(errorOf({ READING_TIMEOUT_SECONDS: "0" })).toContain(
      "READING_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 3600",
    );
  });
});
