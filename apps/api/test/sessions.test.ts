// Issue 22: the signed-in devices (GET /users/me/sessions) and signing them out, one or all but
// the current (DELETE /users/me/sessions/{id}, POST /users/me/sessions/sign-out-others). A
// session signed out is a sign-in revoked as by a logout: its refresh answers 401 at once.
import { randomUUID } from "node:crypto";
import { getRequestListener } from "@hono/node-server";
import { type TokenSet } from "@life-admin/domain";
import { SessionSchema, SessionsSignedOutSchema } from "@life-admin/domain/account";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import * as z from "zod/mini";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withLocalProvider } from "../src/auth/oidc/local-provider-server.js";
import { signIns } from "../src/db/schema.js";
import { call, get, post, type JsonResponse } from "./support/http.js";
import { createTestApp, signInAs, testConfig, type TestApp } from "./support/test-app.js";
import { TestBrowser, signInAtLocalProvider } from "./support/test-browser.js";
import { listenOnLoopback, type LoopbackServer } from "./support/test-loopback.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// The API's clock runs with the real one, moved on by the tests (the local provider keeps the
// real one, so the sign-in through it comes first, before any move).
let moved = 0;
const advance = (ms: number) => {
  moved += ms;
};

let server: LoopbackServer;
let apiUrl: string;
let t: TestApp;

beforeAll(async () => {
  server = await listenOnLoopback();
  apiUrl = server.url;
  t = await createTestApp({
    config: testConfig({ PUBLIC_API_URL: apiUrl }),
    now: () => new Date(Date.now() + moved),
  });
  server.serve(withLocalProvider(t.deps.signIn.local, getRequestListener(t.app.fetch)));
});

afterAll(async () => {
  await server.close();
  await t.close();
});

const SessionsSchema = z.array(SessionSchema);
const sessionsOf = async (tokens: TokenSet) => {
  const answer = await get(t.app, "/users/me/sessions", { token: tokens.access_token });
  expect(answer.status).toBe(200);
  return SessionsSchema.parse(answer.body);
};
const signOut = (tokens: TokenSet, sessionId: string) =>
  call(t.app, "DELETE", `/users/me/sessions/${sessionId}`, { token: tokens.access_token });
const signOutOthers = (tokens: TokenSet) =>
  post(t.app, "/users/me/sessions/sign-out-others", { token: tokens.access_token });
const refresh = (tokens: TokenSet) =>
  post(t.app, "/auth/refresh", { body: { refresh_token: tokens.refresh_token } });
const me = (tokens: TokenSet) => get(t.app, "/users/me", { token: tokens.access_token });
const sessionIdOf = (tokens: TokenSet) => decodeJwt(tokens.access_token).sid as string;
const detail = (answer: JsonResponse) => (answer.body as { detail: unknown }).detail;

/** One person signed in on three devices, a minute apart: the laptop first, the tablet last. */
async function threeDevices() {
  const { user, tokens: laptop } = await signInAs(t.deps);
  advance(MINUTE);
  const phone = await t.deps.tokens.issueSignIn(user.id, "Safari on iPhone");
  advance(MINUTE);
  const tablet = await t.deps.tokens.issueSignIn(user.id, "Chrome on Android");
  advance(MINUTE);
  return { user, laptop, phone, tablet };
}

describe("the device of a session", () => {
  it("is named from the User-Agent of the browser that exchanged its sign-in code, and only that name is kept", async () => {
    const userAgent =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const browser = new TestBrowser();
    const toApi = await signInAtLocalProvider(
      browser,
      await browser.login(apiUrl),
      { name: "Grace Hopper", email: `grace-${randomUUID()}@example.com` },
      (url) => url.startsWith(`${apiUrl}/auth/google/callback`),
    );
    const landing = new URL((await browser.request(toApi.href)).location ?? "");
    const exchanged = await fetch(`${apiUrl}/auth/google/exchange`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({
        code: landing.searchParams.get("code"),
        browser_verifier: browser.signInSecret,
      }),
    });
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as TokenSet;

    const [session] = await sessionsOf(tokens);
    expect(session).toMatchObject({ device: "Firefox on Windows", current: true });
    const [row] = await t.deps.database.db
      .select()
      .from(signIns)
      .where(eq(signIns.id, sessionIdOf(tokens)));
    expect(JSON.stringify(row)).not.toContain("Gecko");
  });

  it("is null when the browser's User-Agent names nothing we know", async () => {
    const { user } = await signInAs(t.deps);
    const tokens = await t.deps.tokens.issueSignIn(user.id, null);
    expect((await sessionsOf(tokens)).map((session) => session.device)).toContain(null);
  });
});

describe("GET /users/me/sessions", () => {
  it("lists every live sign-in of the person, most recently used first, the caller's marked current", async () => {
    const { laptop, phone, tablet } = await threeDevices();
    const sessions = await sessionsOf(phone);
    expect(sessions.map((session) => session.id)).toEqual([tablet, phone, laptop].map(sessionIdOf));
    expect(sessions.map((session) => session.current)).toEqual([false, true, false]);
    expect(sessions.map((session) => session.device)).toEqual([
      "Chrome on Android",
      "Safari on iPhone",
      null,
    ]);
    for (const session of sessions) expect(session.last_used_at).toBe(session.created_at);
  });

  it("moves a session to the top when it refreshes, with its last use then", async () => {
    const { laptop } = await threeDevices();
    const refreshedAt = Date.now() + moved;
    const answer = await refresh(laptop);
    expect(answer.status).toBe(200);
    const [first, ...rest] = await sessionsOf(answer.body as TokenSet);
    expect(first).toMatchObject({ id: sessionIdOf(laptop), current: true });
    expect(Date.parse(first?.last_used_at ?? "")).toBeGreaterThanOrEqual(refreshedAt - 1000);
    expect(Date.parse(first?.last_used_at ?? "")).toBeGreaterThan(
      Date.parse(first?.created_at ?? ""),
    );
    expect(rest).toHaveLength(2);
  });

  it("leaves out sessions signed out, and sessions idle past the limit (14 days without a refresh)", async () => {
    const { laptop, phone, tablet } = await threeDevices();
    await call(t.app, "POST", "/auth/logout", { token: tablet.access_token });
    expect((await sessionsOf(laptop)).map((session) => session.id)).toEqual(
      [phone, laptop].map(sessionIdOf),
    );
    advance(13 * DAY);
    const laptopNow = (await refresh(laptop)).body as TokenSet;
    advance(2 * DAY);
    // The phone has not refreshed for 15 days: it can no more, so it is no longer listed.
    expect((await refresh(phone)).status).toBe(401);
    const laptopLater = (await refresh(laptopNow)).body as TokenSet;
    expect((await sessionsOf(laptopLater)).map((session) => session.id)).toEqual([
      sessionIdOf(laptop),
    ]);
  });

  it("lists only the caller's own sessions", async () => {
    const { laptop } = await threeDevices();
    const { tokens: stranger } = await signInAs(t.deps);
    const ids = (await sessionsOf(stranger)).map((session) => session.id);
    expect(ids).toEqual([sessionIdOf(stranger)]);
    expect(ids).not.toContain(sessionIdOf(laptop));
  });

  it("answers 401 without a token", async () => {
    expect((await get(t.app, "/users/me/sessions")).status).toBe(401);
  });
});

describe("DELETE /users/me/sessions/{session_id}", () => {
  it("signs that session out at once: its refresh answers 401, its access token too, the others go on", async () => {
    const { laptop, phone, tablet } = await threeDevices();
    expect((await me(phone)).status).toBe(200);

    const answer = await signOut(laptop, sessionIdOf(phone));
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");

    const refused = await refresh(phone);
    expect(refused.status).toBe(401);
    expect(detail(refused)).toBe("This sign-in has ended; please sign in again");
    expect((await me(phone)).status).toBe(401);
    expect((await refresh(tablet)).status).toBe(200);
    expect((await me(laptop)).status).toBe(200);
    expect((await sessionsOf(laptop)).map((session) => session.id)).not.toContain(
      sessionIdOf(phone),
    );
  });

  it("signs out the current session too, as a logout would", async () => {
    const { laptop } = await threeDevices();
    expect((await signOut(laptop, sessionIdOf(laptop))).status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect((await refresh(laptop)).status).toBe(401);
  });

  it("answers 404 for a session that is not one of the caller's live ones, and ends nothing", async () => {
    const { laptop, phone } = await threeDevices();
    const { tokens: stranger } = await signInAs(t.deps);
    expect((await signOut(laptop, sessionIdOf(phone))).status).toBe(204);

    for (const id of [randomUUID(), sessionIdOf(phone), sessionIdOf(stranger)]) {
      const answer = await signOut(laptop, id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: "Session not found" });
    }
    expect((await refresh(stranger)).status).toBe(200);
  });

  it("answers 422 naming the path parameter for an id that is not a UUID", async () => {
    const { laptop } = await threeDevices();
    for (const id of ["1", "not-a-uuid", `${randomUUID()}0`]) {
      const answer = await signOut(laptop, id);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        detail: [expect.objectContaining({ loc: ["path", "session_id"] })],
      });
    }
    expect((await sessionsOf(laptop)).length).toBe(3);
  });
});

describe("POST /users/me/sessions/sign-out-others", () => {
  it("signs out every session but the caller's and says how many", async () => {
    const { laptop, phone, tablet } = await threeDevices();
    const { tokens: stranger } = await signInAs(t.deps);

    const answer = await signOutOthers(phone);
    expect(answer.status).toBe(200);
    expect(SessionsSignedOutSchema.parse(answer.body)).toEqual({ signed_out: 2 });

    expect((await refresh(laptop)).status).toBe(401);
    expect((await refresh(tablet)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    const sessions = await sessionsOf(phone);
    expect(sessions.map((session) => [session.id, session.current])).toEqual([
      [sessionIdOf(phone), true],
    ]);
    expect((await refresh(stranger)).status).toBe(200);
  });

  it("answers 0 when there is no other session", async () => {
    const { tokens } = await signInAs(t.deps);
    expect((await signOutOthers(tokens)).body).toEqual({ signed_out: 0 });
    expect((await refresh(tokens)).status).toBe(200);
  });
});
