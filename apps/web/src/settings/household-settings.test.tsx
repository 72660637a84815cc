// issue 23: Settings' "Household" over the fake API: creating one (a refused name shown at the
// field, the name kept), an invitation link to copy, the owner's links not used yet and
// withdrawing one, removing a member and leaving, each after the question, and the API's words
// when it refuses.
import type { Household } from "@life-admin/domain/household";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOW, SAMPLE_USER, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();

const LOVELACES: Household = {
  id: 7,
  name: "The Lovelaces",
  members: [
    { user_id: SAMPLE_USER.id, full_name: "Ada Lovelace", role: "owner" },
    { user_id: 2, full_name: "Grace Hopper", role: "member" },
  ],
};

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function household(api = fakeApi()) {
  renderApp("/settings", { api });
  const region = await screen.findByRole("region", { name: "Household" });
  return { api, section: within(region) };
}

describe("Settings' household (issue 23)", () => {
  it("creates a household and shows its owner", async () => {
    const { api, section } = await household();
    await user.type(await section.findByLabelText("Household name"), "The Lovelaces");
    await user.click(section.getByRole("button", { name: "Create household" }));

    expect(await section.findByText("The Lovelaces")).toBeVisible();
    expect(section.getByRole("listitem")).toHaveTextContent("Ada Lovelace (you)Owner");
    expect(api.callsTo("POST", "/households/").map((call) => call.body)).toEqual([
      { name: "The Lovelaces" },
    ]);
    // A new household has no links; a person in none was never asked for them.
    expect(section.getByText(/^None\. A link you make shows here/)).toBeVisible();
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(0);
  });

  it("shows the API's refusal and keeps the name typed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi();
    api.answerNext("POST", "/households/", () =>
      json(
        { detail: "You are already in a household. Leave it before creating or joining another." },
        409,
      ),
    );
    const { section } = await household(api);
    await user.type(await section.findByLabelText("Household name"), "Home");
    await user.click(section.getByRole("button", { name: "Create household" }));

    expect(await section.findByRole("alert")).toHaveTextContent(
      "Your household was not created: You are already in a household.",
    );
    expect(section.getByLabelText("Household name")).toHaveValue("Home");
  });

  it("makes an invitation link to copy, with when it stops working", async () => {
    const { api, section } = await household(fakeApi({ household: LOVELACES }));
    await user.click(await section.findByRole("button", { name: "Invite someone" }));

    const link = await section.findByLabelText("Invitation link");
    expect(link).toHaveValue("http://app.test/join#invitation-token-1");
    expect(section.getByText(/^Works once, until Nov 28, 2026, 9:00 AM\./)).toBeVisible();
    expect(api.callsTo("POST", "/households/me/invitations")).toHaveLength(1);
  });

  it("opens with the owner's links not used yet, and lists the link just made first", async () => {
    const api = fakeApi({ household: LOVELACES, invitations: { "seeded-token": LOVELACES } });
    const links = api.holdNext("GET", "/households/me/invitations");
    renderApp("/settings", { api });
    // The page opens in one piece: the links are among what it waits for.
    expect(await screen.findByText("Loading your settings...")).toBeVisible();
    expect(screen.queryByRole("region", { name: "Household" })).toBeNull();
    links.release();
    const section = within(await screen.findByRole("region", { name: "Household" }));
    const list = () => within(section.getByRole("list", { name: "Links not used yet" }));
    expect(
      list()
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["Made Nov 21, expires Nov 28Withdraw"]);

    await user.click(section.getByRole("button", { name: "Invite someone" }));
    expect(await section.findByLabelText("Invitation link")).toBeVisible();
    expect(list().getAllByRole("button", { name: /^Withdraw the link made/ })).toHaveLength(2);
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(1);
  });

  it("withdraws a link: says so, takes it off the list with the link shown to copy, and it joins no one", async () => {
    const api = fakeApi({ household: LOVELACES });
    const { section } = await household(api);
    await user.click(await section.findByRole("button", { name: "Invite someone" }));
    expect(await section.findByLabelText("Invitation link")).toBeVisible();
    await user.click(section.getByRole("button", { name: /^Withdraw the link made/ }));

    expect(await section.findByText("The link was withdrawn: it no longer works.")).toBeVisible();
    expect(section.queryByRole("button", { name: /^Withdraw/ })).toBeNull();
    expect(section.queryByLabelText("Invitation link")).toBeNull();
    expect(section.getByText(/^None\. A link you make shows here/)).toBeVisible();
    // Its row took the focused button with it: focus stays in the section, on the list's heading.
    expect(section.getByRole("heading", { name: "Links not used yet" })).toHaveFocus();
    expect(api.callsTo("DELETE", "/households/me/invitations/1")).toHaveLength(1);
    expect(api.households.invitations.size).toBe(0);
  });

  it("takes a link used or withdrawn meanwhile off the list, and says it was already gone", async () => {
    const api = fakeApi({ household: LOVELACES, invitations: { "seeded-token": LOVELACES } });
    api.answerNext("DELETE", "/households/me/invitations/1", () =>
      json({ detail: "Invitation link not found" }, 404),
    );
    const { section } = await household(api);
    await user.click(await section.findByRole("button", { name: /^Withdraw the link made/ }));

    expect(
      await section.findByText("That link was already gone: used, withdrawn or expired."),
    ).toBeVisible();
    expect(section.queryByRole("button", { name: /^Withdraw/ })).toBeNull();
    expect(section.queryByRole("alert")).toBeNull();
  });

  it("takes each link off the list at the moment it expires, with the page left open", async () => {
    // The clock runs on its own too (Settings loads its code as it opens), and is moved by hand.
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
    const api = fakeApi({ household: LOVELACES, now: () => new Date() });
    api.answerNext("GET", "/households/me/invitations", () =>
      json([
        { id: 2, created_at: at(-60), expires_at: at(2) },
        { id: 1, created_at: at(-120), expires_at: at(1) },
      ]),
    );
    api.answerNext("POST", "/households/me/invitations", () =>
      json(
        {
          id: 3,
          created_at: at(0),
          expires_at: at(3),
          url: "http://app.test/join#t3",
          token: "t3",
        },
        201,
      ),
    );
    renderApp("/settings", { api, now: () => new Date() });
    const section = within(await screen.findByRole("region", { name: "Household" }));
    fireEvent.click(section.getByRole("button", { name: "Invite someone" }));
    await section.findByLabelText("Invitation link");
    const made = () =>
      section
        .queryAllByRole("button", { name: /^Withdraw the link made/ })
        .map((button) => button.getAttribute("aria-label"));
    expect(made()).toEqual([
      "Withdraw the link made Nov 21, 9:00 AM",
      "Withdraw the link made Nov 21, 8:00 AM",
      "Withdraw the link made Nov 21, 7:00 AM",
    ]);

    // One minute after NOW: the first link expires, and only it.
    const first = new Date(at(1)).getTime();
    await act(() => vi.advanceTimersByTimeAsync(first - Date.now() - 1_000));
    expect(made()).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(made()).toEqual([
      "Withdraw the link made Nov 21, 9:00 AM",
      "Withdraw the link made Nov 21, 8:00 AM",
    ]);
    expect(section.getByText("An invitation link expired: it no longer works.")).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(made()).toEqual(["Withdraw the link made Nov 21, 9:00 AM"]);
    // The link just made, shown to copy, goes with its row: it would join no one.
    expect(section.getByLabelText("Invitation link")).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(made()).toEqual([]);
    expect(section.queryByLabelText("Invitation link")).toBeNull();
    expect(section.getByText(/^None\. A link you make shows here/)).toBeVisible();
    // The API was never asked again: the page knew when each would expire.
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(1);
  });

  it("takes an expired link off the list as the window is back in focus, after a sleep", async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const api = fakeApi({ household: LOVELACES, now: () => new Date() });
    const expiresAt = new Date(NOW.getTime() + 60_000);
    api.answerNext("GET", "/households/me/invitations", () =>
      json([{ id: 1, created_at: NOW.toISOString(), expires_at: expiresAt.toISOString() }]),
    );
    renderApp("/settings", { api, now: () => new Date() });
    const section = within(await screen.findByRole("region", { name: "Household" }));
    expect(section.getByRole("button", { name: /^Withdraw the link made/ })).toBeVisible();
    // The computer slept through the moment: the clock moved on, its timer has not run yet.
    vi.setSystemTime(expiresAt.getTime() + 5 * 60_000);
    expect(section.getByRole("button", { name: /^Withdraw the link made/ })).toBeVisible();
    act(() => {
      fireEvent.focus(window);
    });
    expect(section.queryByRole("button", { name: /^Withdraw the link made/ })).toBeNull();
  });

  it("shows a member the household without links, never asking for them", async () => {
    const member: Household = {
      ...LOVELACES,
      members: [
        { user_id: 2, full_name: "Grace Hopper", role: "owner" },
        { user_id: SAMPLE_USER.id, full_name: "Ada Lovelace", role: "member" },
      ],
    };
    const { api, section } = await household(fakeApi({ household: member }));
    expect(await section.findByText("The Lovelaces")).toBeVisible();
    expect(section.queryByRole("heading", { name: "Links not used yet" })).toBeNull();
    // Refused to a member with 403, which the client would answer with a refresh (spec 7).
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(0);
    expect(api.callsTo("POST", "/auth/refresh")).toHaveLength(0);
  });

  it("says when the links could not be loaded, and asks for them alone again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ household: LOVELACES, invitations: { "seeded-token": LOVELACES } });
    api.answerNext("GET", "/households/me/invitations", () =>
      json({ detail: "Service unavailable" }, 503),
    );
    const { section } = await household(api);
    expect(await section.findByRole("alert")).toHaveTextContent(
      "Your household could not be loaded: Service unavailable",
    );
    await user.click(section.getByRole("button", { name: "Try again" }));
    expect(
      await section.findByRole("button", { name: /^Withdraw the link made Nov 21/ }),
    ).toBeVisible();
    expect(api.callsTo("GET", "/households/me")).toHaveLength(1);
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(2);
  });

  it("asks for the owner's links once the person, who had failed to load, comes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ household: LOVELACES, invitations: { "seeded-token": LOVELACES } });
    api.answerNext("GET", "/users/me", () => json({ detail: "Service unavailable" }, 503));
    const { section } = await household(api);
    expect(await section.findByRole("alert")).toHaveTextContent("Service unavailable");
    // Whether the person owns the household is not known: nothing asked yet.
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(0);
    await user.click(section.getByRole("button", { name: "Try again" }));
    expect(
      await section.findByRole("button", { name: /^Withdraw the link made Nov 21/ }),
    ).toBeVisible();
    expect(api.callsTo("GET", "/households/me/invitations")).toHaveLength(1);
  });

  it("removes a member after the question, and they leave the list", async () => {
    const { api, section } = await household(fakeApi({ household: LOVELACES }));
    await user.click(await section.findByRole("button", { name: "Remove Grace Hopper" }));
    const question = await screen.findByRole("alertdialog", { name: "Remove Grace Hopper?" });
    await user.click(within(question).getByRole("button", { name: "Remove" }));

    expect(await section.findByText("Grace Hopper was removed from the household.")).toBeVisible();
    expect(section.getAllByRole("listitem")).toHaveLength(1);
    expect(api.callsTo("DELETE", "/households/me/members/2")).toHaveLength(1);
  });

  it("says a member who left since the page loaded had already left, not that they were removed", async () => {
    const api = fakeApi({ household: LOVELACES });
    api.answerNext("DELETE", "/households/me/members/2", () =>
      json({ detail: "Not a member of your household" }, 404),
    );
    const { section } = await household(api);
    await user.click(await section.findByRole("button", { name: "Remove Grace Hopper" }));
    const question = await screen.findByRole("alertdialog", { name: "Remove Grace Hopper?" });
    await user.click(within(question).getByRole("button", { name: "Remove" }));

    expect(await section.findByText("Grace Hopper had already left the household.")).toBeVisible();
    expect(section.getAllByRole("listitem")).toHaveLength(1);
  });

  it("leaves after the question, and offers to create one again", async () => {
    const { api, section } = await household(fakeApi({ household: LOVELACES }));
    await user.click(await section.findByRole("button", { name: "Leave household" }));
    const question = await screen.findByRole("alertdialog", { name: "Leave The Lovelaces?" });
    expect(question).toHaveTextContent(
      "Grace Hopper, who joined first after you, becomes its owner.",
    );
    await user.click(within(question).getByRole("button", { name: "Leave household" }));

    expect(await section.findByText("You left the household.")).toBeVisible();
    expect(section.getByLabelText("Household name")).toBeVisible();
    expect(api.households.mine).toBeNull();
  });

  it("forgets the links of a household left: one created next has none", async () => {
    const api = fakeApi({ household: LOVELACES, invitations: { "seeded-token": LOVELACES } });
    const { section } = await household(api);
    expect(await section.findByRole("button", { name: /^Withdraw the link made/ })).toBeVisible();
    await user.click(section.getByRole("button", { name: "Leave household" }));
    const question = await screen.findByRole("alertdialog", { name: "Leave The Lovelaces?" });
    await user.click(within(question).getByRole("button", { name: "Leave household" }));
    await user.type(await section.findByLabelText("Household name"), "Home");
    await user.click(section.getByRole("button", { name: "Create household" }));

    expect(await section.findByText(/^None\. A link you make shows here/)).toBeVisible();
    expect(section.queryByRole("button", { name: /^Withdraw/ })).toBeNull();
  });

  it("says when the household could not be loaded, and loads it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ household: LOVELACES });
    api.answerNext("GET", "/households/me", () => json({ detail: "Service unavailable" }, 503));
    const { section } = await household(api);
    expect(await section.findByRole("alert")).toHaveTextContent(
      "Your household could not be loaded",
    );
    await user.click(section.getByRole("button", { name: "Try again" }));
    expect(await section.findByText("The Lovelaces")).toBeVisible();
  });
});
