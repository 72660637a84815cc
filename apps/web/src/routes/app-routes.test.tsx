// spec 2, 4: which page each address shows with and without a session, and what happens when the
// session is cleared here or in another tab.
import { TOKEN_STORAGE_KEY } from "@life-admin/api-client";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const session = tokenSet("signed-in");

async function expectSignUpPage() {
  expect(
    await screen.findByRole("heading", { name: "Get Started with us today!" }),
  ).toBeInTheDocument();
  expect(window.location.pathname).toBe("/");
}

async function expectDashboard() {
  expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeInTheDocument();
  expect(window.location.pathname).toBe("/dashboard");
}

describe("routes and redirects (spec 2)", () => {
  it("shows the sign-up page at / without a session", async () => {
    renderApp("/");
    await expectSignUpPage();
  });

  it("sends / to /dashboard when a session exists", async () => {
    storeSession(session);
    renderApp("/");
    await expectDashboard();
  });

  it("shows the dashboard at /dashboard with a session", async () => {
    storeSession(session);
    renderApp("/dashboard");
    await expectDashboard();
  });

  it("sends /dashboard to / without a session, without asking the API for anything", async () => {
    const { api } = renderApp("/dashboard");
    await expectSignUpPage();
    expect(api.calls).toEqual([]);
  });

  it("treats a corrupt stored session as none", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "{not json");
    renderApp("/dashboard");
    await expectSignUpPage();
  });

  it("sends /settings to / without a session", async () => {
    renderApp("/settings");
    await expectSignUpPage();
  });
});

describe("a cleared session (spec 4)", () => {
  it("sends the dashboard to / the moment the session is cleared", async () => {
    storeSession(session);
    const { services } = renderApp("/dashboard");
    await expectDashboard();
    act(() => {
      services.session.tokens.clear();
    });
    await expectSignUpPage();
  });

  it("sends the dashboard to / when another tab signs out", async () => {
    storeSession(session);
    renderApp("/dashboard");
    await expectDashboard();
    act(() => {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY }));
    });
    await expectSignUpPage();
  });

  it("sends the dashboard to / when another tab clears the whole storage", async () => {
    storeSession(session);
    renderApp("/dashboard");
    await expectDashboard();
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent("storage", { key: null }));
    });
    await expectSignUpPage();
  });

  it("ignores storage events about other keys", async () => {
    storeSession(session);
    renderApp("/dashboard");
    await expectDashboard();
    act(() => {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: "somethingElse" }));
    });
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("follows another tab's sign-in from the sign-up page to the dashboard", async () => {
    renderApp("/");
    await expectSignUpPage();
    act(() => {
      storeSession(session);
      window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY }));
    });
    await expectDashboard();
  });

  it("keeps the dashboard when another tab refreshes the tokens", async () => {
    storeSession(session);
    const { api } = renderApp("/dashboard");
    await expectDashboard();
    const refreshed = tokenSet("refreshed-elsewhere");
    act(() => {
      storeSession(refreshed);
      window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY }));
    });
    expect(window.location.pathname).toBe("/dashboard");
    expect(api.callsTo("POST", "/auth/refresh")).toEqual([]);
  });
});
