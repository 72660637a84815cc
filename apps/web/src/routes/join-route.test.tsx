// issue 23: /join#{token}: the token leaves the address before anything else, waits in this tab;
// signed in, the person joins (then the dashboard) or declines; a used link is said in the API's
// words and forgotten; signed out, they sign in first and the callback brings them back here.
import type { Household } from "@life-admin/domain/household";
import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INVITATION_KEY } from "../session/landing";
import { SIGN_IN_SECRET_KEY } from "../session/sign-in-secret";
import { SIGN_IN_CODE, SIGN_IN_SECRET, fakeApi } from "../test/fake-api";
import { usedElsewhere } from "../test/fake-households";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();
const TOKEN = "kR3vQ0Yy1m2Wn4bX8cT6sA5dF7gH9jK1lZ0xC2vB4nM";
const HOPPERS: Household = {
  id: 9,
  name: "The Hoppers",
  members: [{ user_id: 2, full_name: "Grace Hopper", role: "owner" }],
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("/join (issue 23)", () => {
  it("takes the token out of the address, joins with it, says so, and opens Family view", async () => {
    storeSession(tokenSet("signed-in"));
    const api = fakeApi({ invitations: { [TOKEN]: HOPPERS } });
    renderApp(`/join#${TOKEN}`, { api });

    // The page asks what the link would join, and names it before the person chooses.
    await screen.findByRole("heading", { name: "Grace Hopper invited you to join The Hoppers" });
    expect(api.callsTo("POST", "/households/join/preview").map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    expect(window.location.href).toBe(`${window.location.origin}/join`);
    await user.click(screen.getByRole("button", { name: "Join household" }));

    expect(
      await screen.findByRole("heading", { name: `You joined ${HOPPERS.name}` }),
    ).toHaveFocus();
    expect(api.callsTo("POST", "/households/join").map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    await user.click(screen.getByRole("button", { name: "Open Family view" }));
    await vi.waitFor(() => {
      expect(window.location.pathname).toBe("/dashboard");
    });
    expect(await screen.findByRole("button", { name: "Family view", pressed: true })).toBeVisible();
    expect(api.calls.every((call) => !call.pageAddress.includes(TOKEN))).toBe(true);
    expect(api.households.mine?.members.map((member) => member.full_name)).toEqual([
      "Grace Hopper",
      "Ada Lovelace",
    ]);
    expect(sessionStorage.getItem(INVITATION_KEY)).toBeNull();
  });

  it("says a used link is used before Join is pressed, in the API's words, forgets it and offers the way back", async () => {
    storeSession(tokenSet("signed-in"));
    const api = fakeApi({ invitations: { [TOKEN]: HOPPERS } });
    usedElsewhere(api.households, TOKEN);
    renderApp(`/join#${TOKEN}`, { api });

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This invitation link has already been used. Ask for a new one.",
    );
    expect(screen.queryByRole("button", { name: "Join household" })).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/households/join")).toHaveLength(0);
    expect(sessionStorage.getItem(INVITATION_KEY)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Back to dashboard" }));
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("takes a new link pasted into the same tab after a refused one, and joins with it", async () => {
    storeSession(tokenSet("signed-in"));
    const fresh = "nW2bX8cT6sA5dF7gH9jK1lZ0xC2vB4nMkR3vQ0Yy1m2";
    const api = fakeApi({ invitations: { [TOKEN]: HOPPERS, [fresh]: HOPPERS } });
    usedElsewhere(api.households, TOKEN);
    renderApp(`/join#${TOKEN}`, { api });
    expect(await screen.findByRole("alert")).toHaveTextContent("already been used");

    // The address bar's fragment changes; nothing loads.
    act(() => {
      window.location.hash = fresh;
    });
    await user.click(await screen.findByRole("button", { name: "Join household" }));
    expect(
      await screen.findByRole("heading", { name: `You joined ${HOPPERS.name}` }),
    ).toBeVisible();
    expect(api.callsTo("POST", "/households/join").map((call) => call.body)).toEqual([
      { token: fresh },
    ]);
  });

  it("Not now forgets the link and goes to the dashboard without joining", async () => {
    storeSession(tokenSet("signed-in"));
    const api = fakeApi({ invitations: { [TOKEN]: HOPPERS } });
    renderApp(`/join#${TOKEN}`, { api });

    await user.click(await screen.findByRole("button", { name: "Not now" }));
    expect(window.location.pathname).toBe("/dashboard");
    expect(sessionStorage.getItem(INVITATION_KEY)).toBeNull();
    expect(api.callsTo("POST", "/households/join")).toHaveLength(0);
  });

  it("signed out, keeps the link across the sign-in and comes back to it", async () => {
    const api = fakeApi({ invitations: { [TOKEN]: HOPPERS } });
    renderApp(`/join#${TOKEN}`, { api });
    await user.click(await screen.findByRole("button", { name: "Sign in to join" }));
    expect(window.location.pathname).toBe("/");
    expect(sessionStorage.getItem(INVITATION_KEY)).toBe(TOKEN);
    cleanup();

    // Back from the provider: the callback exchanges the code, then goes to /join again.
    vi.useFakeTimers();
    sessionStorage.setItem(SIGN_IN_SECRET_KEY, SIGN_IN_SECRET);
    renderApp(`/auth/callback?code=${SIGN_IN_CODE}`, { api });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(window.location.pathname).toBe("/join");
    vi.useRealTimers();
    expect(await screen.findByRole("button", { name: "Join household" })).toBeVisible();
  });

  it("without a link, says how to use one", async () => {
    storeSession(tokenSet("signed-in"));
    renderApp("/join");
    expect(await screen.findByText(/Open the link you were sent/)).toBeVisible();
    expect(document.title).toBe("Join a household · Life Admin");
  });
});
