// spec 2, 4, 9 and decisions D2: /auth/callback shows "Authenticating...", exchanges the one-time
// code with the secret this tab kept, stores the session and goes to /dashboard after 100 ms.
// Anything else (an error, no code, no secret in this tab, a refused exchange) goes to / with
// "Authentication failed. Please try again." and leaves any existing session as it was. The code
// leaves the address before any request is made.
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_SECRET_KEY } from "../session/sign-in-secret";
import { SIGNED_IN, SIGN_IN_CODE, SIGN_IN_SECRET, fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, storedSession, tokenSet } from "../test/tokens";

const callback = `/auth/callback?code=${SIGN_IN_CODE}`;
const FAILED = "Authentication failed. Please try again.";

/** This tab started the fake API's sign-in: its secret is in sessionStorage. */
function startedHere() {
  sessionStorage.setItem(SIGN_IN_SECRET_KEY, SIGN_IN_SECRET);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the sign-in callback (spec 4, decisions D2)", () => {
  it("shows Authenticating..., exchanges the code, stores the session and goes to /dashboard after 100 ms", async () => {
    vi.useFakeTimers();
    startedHere();
    const { api } = renderApp(callback);
    expect(screen.getByRole("status")).toHaveTextContent("Authenticating...");

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(storedSession()).toEqual(SIGNED_IN);
    expect(api.callsTo("POST", "/auth/google/exchange").map((call) => call.body)).toEqual([
      { code: SIGN_IN_CODE, browser_verifier: SIGN_IN_SECRET },
    ]);
    expect(sessionStorage.getItem(SIGN_IN_SECRET_KEY)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(window.location.pathname).toBe("/auth/callback");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(window.location.pathname).toBe("/dashboard");
  });

  it.each([
    ["an error parameter", `${callback}&error=access_denied`, startedHere],
    ["no code", "/auth/callback", startedHere],
    ["an empty code", "/auth/callback?code=", startedHere],
    ["a code this tab did not ask for (no secret kept)", callback, () => undefined],
    [
      "a code from another browser's sign-in (another secret)",
      callback,
      () => {
        sessionStorage.setItem(SIGN_IN_SECRET_KEY, "a-secret-of-another-sign-in-000000000000000");
      },
    ],
    ["tokens instead of a code", `/auth/callback?token=a&refresh_token=b`, startedHere],
  ])("with %s, says the sign-in failed on / and stores nothing", async (_name, address, setUp) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    setUp();
    renderApp(address);
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
    expect(window.location.search).toBe("");
    expect(storedSession()).toBeNull();
    expect(sessionStorage.getItem(SIGN_IN_SECRET_KEY)).toBeNull();
  });

  it("leaves the session a browser already had untouched when a planted code fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const mine = tokenSet("mine");
    storeSession(mine);
    const { api } = renderApp(callback);
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/dashboard");
    expect(storedSession()).toEqual(mine);
    expect(api.callsTo("GET", "/users/me")[0]?.authorization).toBe(`Bearer ${mine.access_token}`);
  });

  it("exchanges the code once, however often React renders the page", async () => {
    startedHere();
    const { api } = renderApp(callback);
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeInTheDocument();
    expect(api.callsTo("POST", "/auth/google/exchange")).toHaveLength(1);
  });
});

describe("the code in the address (decisions D2)", () => {
  it("is removed before the first request, and the dashboard loads with the new session", async () => {
    startedHere();
    const order: string[] = [];
    const api = fakeApi();
    const recorded = api.fetch;
    api.fetch = (request) => {
      order.push(`fetch ${new URL(request.url).pathname}`);
      return recorded(request);
    };
    const replaceState = window.history.replaceState.bind(window.history);
    const spyOnHistory = () => {
      vi.spyOn(window.history, "replaceState").mockImplementation((state, unused, url) => {
        order.push(`replaceState ${String(url)}`);
        replaceState(state, unused, url);
      });
    };

    renderApp(`${callback}&keep=1`, { api, beforeStart: spyOnHistory });
    expect(window.location.search).toBe("?keep=1");
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeInTheDocument();

    expect(order[0]).toBe("replaceState /auth/callback?keep=1");
    for (const call of api.calls) expect(call.pageAddress).not.toContain(SIGN_IN_CODE);
    expect(api.callsTo("GET", "/users/me")[0]?.authorization).toBe(
      `Bearer ${SIGNED_IN.access_token}`,
    );
  });

  it("does not add a history entry when cleaning the address", () => {
    vi.useFakeTimers();
    const before = window.history.length;
    renderApp(callback);
    expect(window.history.length).toBe(before);
    expect(window.location.href).toBe("http://localhost:3000/auth/callback");
  });
});
