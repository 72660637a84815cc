// spec 4: the token check, run on load and every 55 minutes, with `now` passed in.
import { describe, expect, it } from "vitest";
import { SESSION_CHECK_INTERVAL_MS } from "./session.js";
import { deferred, json, tokenSet } from "./test-support/fake-fetch.js";
import { harness } from "./test-support/harness.js";

const now = new Date("2026-03-01T12:00:00Z");
const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const renewed = tokenSet("renewed");

describe("checkSession (spec 4)", () => {
  it("checks every 3,300,000 ms (55 minutes, spec 9)", () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(3_300_000);
    expect(SESSION_CHECK_INTERVAL_MS).toBe(55 * 60 * 1000);
  });

  it("does nothing without a session", async () => {
    const { client, fake, ended } = harness(() => json(renewed));
    await expect(client.checkSession(now)).resolves.toBe("no-session");
    expect(fake.calls).toHaveLength(0);
    expect(ended()).toBe(0);
  });

  it("leaves a session alone while its access token is good", async () => {
    const session = tokenSet("good", { access: minutesFromNow(5) });
    const { client, fake, store } = harness(() => json(renewed), session);
    await expect(client.checkSession(now)).resolves.toBe("valid");
    expect(fake.calls).toHaveLength(0);
    expect(store.get()).toEqual(session);
  });

  it("ends the session when the refresh token has expired, without calling the server", async () => {
    const session = tokenSet("old", { access: minutesFromNow(-60), refresh: now });
    const { client, fake, store, ended } = harness(() => json(renewed), session);
    await expect(client.checkSession(now)).resolves.toBe("ended");
    expect(fake.calls).toHaveLength(0);
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it("refreshes when only the access token has expired, and stores the new set", async () => {
    const session = tokenSet("stale", { access: minutesFromNow(-1) });
    const { client, fake, store } = harness(() => json(renewed), session);
    await expect(client.checkSession(now)).resolves.toBe("refreshed");
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
    expect(store.get()).toEqual(renewed);
  });

  it("counts an access token that expires exactly now as expired", async () => {
    const session = tokenSet("edge", { access: now });
    const { client } = harness(() => json(renewed), session);
    await expect(client.checkSession(now)).resolves.toBe("refreshed");
  });

  it("refreshes when the access token cannot be read", async () => {
    const session = { ...tokenSet("x"), access_token: "not-a-jwt" };
    const { client, fake } = harness(() => json(renewed), session);
    await expect(client.checkSession(now)).resolves.toBe("refreshed");
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
  });

  it("ends the session when the refresh token cannot be read", async () => {
    const session = { ...tokenSet("x"), refresh_token: "garbage" };
    const { client, store, ended } = harness(() => json(renewed), session);
    await expect(client.checkSession(now)).resolves.toBe("ended");
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });

  it("skips the refresh while another refresh is in progress", async () => {
    const refreshAnswer = deferred<Response>();
    const session = tokenSet("stale", { access: minutesFromNow(-1) });
    const { client, fake, store } = harness(() => refreshAnswer.promise, session);
    const first = client.checkSession(now);
    await expect(client.checkSession(now)).resolves.toBe("refresh-in-progress");
    refreshAnswer.resolve(json(renewed));
    await expect(first).resolves.toBe("refreshed");
    expect(fake.count("POST", "/auth/refresh")).toBe(1);
    expect(store.get()).toEqual(renewed);
  });

  it("passes a refused refresh on to the caller, with the session ended", async () => {
    const session = tokenSet("stale", { access: minutesFromNow(-1) });
    const { client, store, ended } = harness(
      () => json({ detail: "Invalid refresh token" }, 401),
      session,
    );
    await expect(client.checkSession(now)).rejects.toThrow("Failed to refresh token");
    expect(store.get()).toBeNull();
    expect(ended()).toBe(1);
  });
});
