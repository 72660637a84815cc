// spec 4, 9: the session check on load and every 3,300,000 ms (55 minutes), with fake timers and
// the app's clock following them.
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REFRESHED, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, storedSession, tokenSet } from "../test/tokens";

const START = new Date("2026-11-21T09:00:00Z");
const MINUTE = 60_000;
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe("the session check (spec 4)", () => {
  it("leaves a good session alone on load, and refreshes at the 55-minute check once the access token has expired", async () => {
    storeSession(tokenSet("first", { access: at(30) }));
    const { api } = renderApp("/dashboard", { now: () => new Date() });
    await advance(0);
    expect(api.callsTo("POST", "/auth/refresh")).toHaveLength(0);

    await advance(3_300_000 - 1);
    expect(api.callsTo("POST", "/auth/refresh")).toHaveLength(0);
    await advance(1);
    expect(api.callsTo("POST", "/auth/refresh")).toHaveLength(1);
    expect(storedSession()).toEqual(REFRESHED);
  });

  it("refreshes on load when the access token has already expired", async () => {
    storeSession(tokenSet("stale", { access: at(-1) }));
    const { api } = renderApp("/dashboard", { now: () => new Date() });
    await advance(0);
    expect(api.callsTo("POST", "/auth/refresh")).toHaveLength(1);
  });

  it("checks again every 55 minutes", async () => {
    storeSession(tokenSet("first"));
    const check = vi.fn();
    const { services } = renderApp("/dashboard", { now: () => new Date() });
    const original = services.client.checkSession;
    services.client.checkSession = (now) => {
      check(now);
      return original(now);
    };
    await advance(3 * 3_300_000);
    expect(check.mock.calls.map(([now]) => (now as Date).toISOString())).toEqual([
      at(55).toISOString(),
      at(110).toISOString(),
      at(165).toISOString(),
    ]);
  });

  it("signs the user out and sends them to / when the check finds the refresh token expired", async () => {
    storeSession(tokenSet("ending", { access: at(30), refresh: at(40) }));
    const { api } = renderApp("/dashboard", { now: () => new Date() });
    await advance(0);
    expect(window.location.pathname).toBe("/dashboard");

    await advance(3_300_000);
    expect(storedSession()).toBeNull();
    expect(window.location.pathname).toBe("/");
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Continue with Google" })).toBeInTheDocument();
    });
    expect(api.callsTo("POST", "/auth/refresh")).toHaveLength(0);
  });

  it("signs the user out when the server refuses the refresh", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    storeSession(tokenSet("refused", { access: at(-1) }));
    const api = fakeApi();
    api.answerNext("POST", "/auth/refresh", () => json({ detail: "Invalid refresh token" }, 401));
    renderApp("/dashboard", { api, now: () => new Date() });
    await advance(0);
    expect(storedSession()).toBeNull();
    expect(window.location.pathname).toBe("/");
  });

  it("keeps the session when the refresh fails for want of a network", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stale = tokenSet("offline", { access: at(-1) });
    storeSession(stale);
    const api = fakeApi();
    api.answerNext("POST", "/auth/refresh", () => Promise.reject(new TypeError("Failed to fetch")));
    renderApp("/", { api, now: () => new Date() });
    await advance(0);
    expect(storedSession()).toEqual(stale);
  });
});
