// decisions D1 / issue 3: when PostgreSQL is down or hanging, requests get 503 {"detail"} within
// 5 seconds instead of hanging, /health says so, and the API recovers by itself when it is back.
import { SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import {
  generateSigningKeyPem,
  signingKeysFromPem,
  type SigningKeys,
} from "../src/auth/signing-key.js";
import { createPostgresDatabase, openPostgres } from "../src/db/postgres.js";
import { get, post } from "./support/http.js";
import { TEST_API_URL, createTestApp, type TestApp } from "./support/test-app.js";
import { closedPort, startBlackHole, startTcpProxy } from "./support/tcp-proxy.js";
import { createScratchDatabase, testDatabaseUrl } from "./support/test-database.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const keys: SigningKeys = signingKeysFromPem(generateSigningKeyPem());

/** A well-signed access token: the request gets past the signature and needs the database. */
async function accessToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: "00000000-0000-4000-8000-000000000000" })
    .setProtectedHeader({ alg: "EdDSA", typ: "at+jwt" })
    .setSubject("1")
    .setIssuer(TEST_API_URL)
    .setAudience(TEST_API_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(keys.privateKey);
}

async function appOn(url: string): Promise<TestApp> {
  const t = await createTestApp({ database: createPostgresDatabase(url), keys });
  cleanups.push(() => t.close());
  return t;
}

/** Runs `request` and checks it answers 503 with a detail in under 5 seconds. */
async function expectFast503(request: () => Promise<{ status: number; body: unknown }>) {
  const started = performance.now();
  const res = await request();
  const elapsed = performance.now() - started;
  expect(res.status).toBe(503);
  expect(typeof (res.body as { detail: unknown }).detail).toBe("string");
  expect(elapsed).toBeLessThan(5000);
}

describe("a PostgreSQL that cannot be reached", () => {
  it("gives 503 on /health and on every endpoint that needs it (nothing listens on the port)", async () => {
    const t = await appOn(`postgres://postgres@127.0.0.1:${await closedPort()}/life_admin`);
    const token = await accessToken();
    await expectFast503(() => get(t.app, "/health"));
    await expectFast503(() => get(t.app, "/tasks/", { token }));
    await expectFast503(() => get(t.app, "/users/me", { token }));
    await expectFast503(() => post(t.app, "/subscriptions/", { token, body: { name: "x" } }));
    const res = await get(t.app, "/health");
    expect(res.body).toEqual({ detail: "Database unavailable" });
    expect(res.headers.get("retry-after")).toBe("5");
  });

  it("gives 503 within 5 seconds when the server accepts connections but never answers", async () => {
    const hole = await startBlackHole();
    cleanups.push(() => hole.close());
    const t = await appOn(`postgres://postgres@127.0.0.1:${hole.port}/life_admin`);
    await expectFast503(() => get(t.app, "/health"));
    await expectFast503(async () => get(t.app, "/tasks/", { token: await accessToken() }));
  });

  it("fails to open at start-up with an error rather than hanging", async () => {
    const started = performance.now();
    await expect(
      openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/x`),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe.skipIf(testDatabaseUrl === null)(
  "a PostgreSQL that goes away and comes back (TEST_DATABASE_URL)",
  () => {
    it("answers 503 while it is away and recovers without a restart", async () => {
      const scratch = await createScratchDatabase(testDatabaseUrl ?? "");
      cleanups.push(() => scratch.drop());
      const target = new URL(scratch.url);
      const proxy = await startTcpProxy({
        host: target.hostname,
        port: Number(target.port || 5432),
      });
      cleanups.push(() => proxy.close());
      const viaProxy = new URL(scratch.url);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      const database = await openPostgres(viaProxy.toString());
      const t = await createTestApp({ database, keys });
      cleanups.push(() => t.close());

      expect((await get(t.app, "/health")).status).toBe(200);
      await proxy.cut();
      await expectFast503(() => get(t.app, "/health"));
      await expectFast503(() => get(t.app, "/health"));
      await proxy.restore();
      expect((await get(t.app, "/health")).status).toBe(200);
      expect((await get(t.app, "/tasks/", { token: await accessToken() })).status).toBe(401);
    });
  },
);
