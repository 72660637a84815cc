// The app around a fresh database, with a silent logger that keeps its lines for assertions.
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { TokenSet } from "@life-admin/domain";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../src/app.js";
import {
  generateSigningKeyPem,
  signingKeysFromPem,
  type SigningKeys,
} from "../../src/auth/signing-key.js";
import { upsertUserFromClaims, type UserClaims } from "../../src/auth/users.js";
import { loadConfig, type Config } from "../../src/config.js";
import type { Database } from "../../src/db/database.js";
import type { UserRow } from "../../src/db/schema.js";
import { createDeps, type AppDeps, type OwnedDeps } from "../../src/deps.js";
import { createLogger } from "../../src/logger.js";
import { openTestDatabase } from "./test-database.js";

export const TEST_WEB_ORIGIN = "http://127.0.0.1:5173";
export const TEST_API_URL = "http://127.0.0.1:8000";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: join(tmpdir(), `life-admin-unused-${randomUUID()}`),
    PUBLIC_API_URL: TEST_API_URL,
    WEB_ORIGIN: TEST_WEB_ORIGIN,
    LOG_LEVEL: "info",
    // Given, so that no key is generated into the (unused) data directory.
    FILES_KEY: randomBytes(32).toString("base64"),
    ...env,
  });
}

/** Log lines as parsed JSON objects, and the raw text (to search for secrets). */
export interface CapturedLogs {
  lines(): Record<string, unknown>[];
  text(): string;
}

function captureLogs() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString("utf8"));
      callback();
    },
  });
  const logs: CapturedLogs = {
    text: () => chunks.join(""),
    lines: () =>
      chunks
        .join("")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
  return { stream, logs };
}

export interface TestAppOptions {
  /** Default: a fresh test database. */
  database?: Database;
  config?: Config;
  keys?: SigningKeys;
  now?: () => Date;
}

export interface TestApp {
  app: ReturnType<typeof buildApp>;
  deps: OwnedDeps;
  keys: SigningKeys;
  logs: CapturedLogs;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const keys = options.keys ?? signingKeysFromPem(generateSigningKeyPem());
  const { stream, logs } = captureLogs();
  const config = options.config ?? testConfig();
  const deps = createDeps({
    config,
    database,
    logger: createLogger(config.logLevel, stream),
    keys,
    ...(options.now ? { now: options.now } : {}),
  });
  return { app: buildApp(deps), deps, keys, logs, close: () => deps.close() };
}

/**
 * One app around a fresh database for the whole test file: made before the first test, closed
 * after the last. The returned object is filled in by then.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(options));
  });
  afterAll(async () => {
    await holder.close();
  });
  return holder;
}

/** A new user (unique subject) with a fresh sign-in, without going through OpenID Connect. */
export async function signInAs(
  deps: AppDeps,
  profile: Partial<UserClaims> = {},
): Promise<{ user: UserRow; tokens: TokenSet }> {
  const subject = profile.subject ?? randomUUID();
  const user = await upsertUserFromClaims(deps.database.db, {
    issuer: "https://accounts.example.test",
    email: `${subject}@example.test`,
    fullName: "Test User",
    picture: null,
    ...profile,
    subject,
  });
  return { user, tokens: await deps.tokens.issueSignIn(user.id) };
}
