// A signed-in page opened without a session (a bookmark of /settings, a typed address) sends the
// person to sign in, and signing in takes them back to it, not to the dashboard: in this tab
// through the provider, or in another tab while this one waits on the sign-up page.
import { TOKEN_STORAGE_KEY } from "@life-admin/api-client";
import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SIGN_IN_SECRET_KEY } from "../session/sign-in-secret";
import { AUTHORIZATION_URL, SIGN_IN_CODE, SIGN_IN_SECRET } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

async function signUpPage() {
  return screen.findByRole("button", { name: "Continue with Google" });
}

async function expectSettings() {
  expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  expect(window.location.pathname).toBe("/settings");
}

/** Leaves the sign-up page for the provider, and comes back to this tab's callback. */
async function signInAgain(assign: ReturnType<typeof renderApp>["assign"]) {
  await userEvent.click(await signUpPage());
  expect(window.location.pathname).toBe("/");
  await vi.waitFor(() => {
    expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL);
  });
  cleanup();
  // The fake provider's code was issued for the fake API's secret.
  sessionStorage.setItem(SIGN_IN_SECRET_KEY, SIGN_IN_SECRET);
  renderApp(`/auth/callback?code=${SIGN_IN_CODE}`);
}

/** Opens `address` signed out, and signs in from the sign-up page it sends the person to. */
async function signInFrom(address: string) {
  const { assign } = renderApp(address);
  await signInAgain(assign);
}

describe("signing in from a signed-in page's address", () => {
  it("goes back to /settings after signing in from a bookmark of it", async () => {
    await signInFrom("/settings");
    await expectSettings();
  });

  it("goes to the dashboard when the sign-in started at / itself", async () => {
    await signInFrom("/");
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeVisible();
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("goes to the dashboard, not back, after the session ended on /settings (signed out)", async () => {
    storeSession(tokenSet("signed-in"));
    const { assign } = renderApp("/settings");
    await expectSettings();
    // Signed out (here, or in another tab): the stored session goes.
    act(() => {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY }));
    });
    await signInAgain(assign);
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeVisible();
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("goes back to /settings when another tab signs in while this one waits", async () => {
    renderApp("/settings");
    await signUpPage();
    act(() => {
      storeSession(tokenSet("signed-in"));
      window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY }));
    });
    await expectSettings();
  });
});
