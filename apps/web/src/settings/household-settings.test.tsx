// issue 23: Settings' "Household" over the fake API: creating one (a refused name shown at the
// field, the name kept), an invitation link to copy, removing a member and leaving, each after the
// question, and the API's words when it refuses.
import type { Household } from "@life-admin/domain/household";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_USER, fakeApi, json } from "../test/fake-api";
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
