// spec 2, 4, 9 and decisions D3: /auth/callback shows "Authenticating...", stores the session and
// goes to /dashboard after 100 ms; an error or a missing token goes to /. The tokens leave the
// address before any request is made.
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storedSession, tokenSet } from "../test/tokens";

const fresh = tokenSet("fresh");
const callback = `/auth/callback?token=${fresh.access_token}&refresh_token=${fresh.refresh_token}`;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the sign-in callback (spec 4)", () => {
  it("shows Authenticating..., stores the session and goes to /dashboard after 100 ms", async () => {
    vi.useFakeTimers();
    renderApp(callback);
    expect(screen.getByRole("status")).toHaveTextContent("Authenticating...");
    expect(storedSession()).toEqual(fresh);

    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(window.location.pathname).toBe("/auth/callback");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("goes to / with an error parameter, storing nothing, even with tokens", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderApp(`${callback}&error=access_denied`);
    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
    expect(storedSession()).toBeNull();
    // spec 8: silent for the user, logged only; and not the sign-up page's own error.
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText("Authentication failed. Please try again.")).not.toBeInTheDocument();
  });

  it.each([
    ["no parameters", "/auth/callback"],
    ["only a token", `/auth/callback?token=${fresh.access_token}`],
    ["only a refresh token", `/auth/callback?refresh_token=${fresh.refresh_token}`],
    ["empty tokens", "/auth/callback?token=&refresh_token="],
  ])("goes to / with %s", async (_name, address) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderApp(address);
    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(storedSession()).toBeNull();
  });
});

describe("tokens in the address (decisions D3)", () => {
  it("removes them from the address before the first request, then loads the dashboard with them", async () => {
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
    expect(order.filter((entry) => entry.startsWith("fetch")).length).toBeGreaterThan(0);
    for (const call of api.calls) {
      expect(call.pageAddress).not.toMatch(/token=/);
      expect(call.authorization).toBe(`Bearer ${fresh.access_token}`);
    }
  });

  it("does not add a history entry when cleaning the address", () => {
    vi.useFakeTimers();
    const before = window.history.length;
    renderApp(callback);
    expect(window.history.length).toBe(before);
    expect(window.location.href).toBe("http://localhost:3000/auth/callback");
  });
});
