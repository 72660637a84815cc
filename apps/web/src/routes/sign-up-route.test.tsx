// spec 2, 4, 8: the sign-up page: its strings, "Continue with Google" and its states (the sign-in
// bound to this tab, decisions D2), the error parameter, and tokens arriving on / itself (never
// used: decisions D2).
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTHORIZATION_URL, fakeApi, json } from "../test/fake-api";
import { SIGN_IN_SECRET_KEY } from "../session/sign-in-secret";
import { renderApp } from "../test/render-app";
import { storedSession, tokenSet } from "../test/tokens";

afterEach(() => {
  vi.restoreAllMocks();
});

async function continueButton() {
  return screen.findByRole("button", { name: "Continue with Google" });
}

describe("the sign-up page (spec 2)", () => {
  it("shows the heading, both buttons and the privacy line", async () => {
    renderApp("/");
    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(await continueButton()).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("button", { name: "Sign Up with Email" })).toBeInTheDocument();
    expect(screen.getByText(/we never sell it/)).toBeInTheDocument();
  });

  it("redirects to Google: the button reads Loading... and is disabled, then the browser goes to the authorization URL", async () => {
    const api = fakeApi();
    const held = api.holdNext("GET", "/auth/google/login");
    const { assign } = renderApp("/", { api });
    await userEvent.click(await continueButton());

    expect(screen.getByText("Redirecting to Google...")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Loading..." });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(assign).not.toHaveBeenCalled();

    await act(async () => {
      held.release();
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL);
    });
    expect(api.callsTo("GET", "/auth/google/login")).toHaveLength(1);
  });

  it("binds the sign-in to this tab: keeps a secret in sessionStorage and sends only its SHA-256", async () => {
    const { api, assign } = renderApp("/");
    await userEvent.click(await continueButton());
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL);
    });
    const secret = sessionStorage.getItem(SIGN_IN_SECRET_KEY) ?? "";
    expect(secret).toMatch(/^[\w-]{43}$/);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
    const expected = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const [login] = api.callsTo("GET", "/auth/google/login");
    expect(login?.query.get("browser_challenge")).toBe(expected);
    expect(localStorage.getItem(SIGN_IN_SECRET_KEY)).toBeNull();
  });

  it.each([
    ["the login call fails", () => json({ detail: "Service unavailable" }, 503)],
    ["the answer lacks an authorization URL", () => json({})],
  ])("goes back to idle with the error message when %s", async (_name, answer) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("GET", "/auth/google/login", answer);
    const { assign } = renderApp("/", { api });
    await userEvent.click(await continueButton());

    expect(
      await screen.findByText("Failed to initiate Google sign-in. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with Google" })).not.toHaveAttribute(
      "aria-disabled",
    );
    expect(screen.queryByText("Redirecting to Google...")).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
  });

  it("only logs when Sign Up with Email is pressed (spec 2: it does nothing yet)", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { api, assign } = renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Sign Up with Email" }));
    expect(info).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("sign-in results on / (spec 4, 8)", () => {
  it("shows Authentication failed. Please try again. for an error parameter, and cleans the address", async () => {
    renderApp("/?error=access_denied");
    expect(await screen.findByText("Authentication failed. Please try again.")).toBeInTheDocument();
    expect(window.location.href).toBe("http://localhost:3000/");
  });

  it("hides the failure message once the user tries again", async () => {
    renderApp("/?error=access_denied");
    await userEvent.click(await continueButton());
    expect(screen.queryByText("Authentication failed. Please try again.")).not.toBeInTheDocument();
  });

  it("never signs in from tokens in the address (a link could plant them): they are removed unread", async () => {
    const planted = tokenSet("planted");
    const { api } = renderApp(
      `/?token=${planted.access_token}&refresh_token=${planted.refresh_token}`,
    );
    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe("");
    expect(storedSession()).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("keeps the session a browser already had when tokens are planted on /", async () => {
    const mine = tokenSet("mine");
    const planted = tokenSet("planted");
    localStorage.setItem("tokenData", JSON.stringify(mine));
    const { api } = renderApp(
      `/?token=${planted.access_token}&refresh_token=${planted.refresh_token}`,
    );
    expect(await screen.findByText("Good Morning, Ada Lovelace")).toBeInTheDocument();
    expect(storedSession()).toEqual(mine);
    expect(api.calls.every((call) => call.authorization === `Bearer ${mine.access_token}`)).toBe(
      true,
    );
  });

  it("does not sign in with a token that comes with an error", async () => {
    const fresh = tokenSet("refused");
    renderApp(`/?token=${fresh.access_token}&refresh_token=${fresh.refresh_token}&error=denied`);
    expect(await screen.findByText("Authentication failed. Please try again.")).toBeInTheDocument();
    expect(storedSession()).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("removes tokens from the address of any other page without using them", async () => {
    const stray = tokenSet("stray");
    renderApp(`/dashboard?token=${stray.access_token}&refresh_token=${stray.refresh_token}`);
    expect(
      await screen.findByRole("heading", { name: "Get Started with us today!" }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe("");
    expect(storedSession()).toBeNull();
  });
});
