// issue 23: the header's switch between My View and Family view: every card follows it, each
// shared record says whose it is and who has it, the choice is remembered on the device, and
// Family view tells a person in no household where to start one. The add and edit forms offer
// Share with household and Assigned To in a household, and send them.
import type { Household } from "@life-admin/domain/household";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, SAMPLE_USER, fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { DENTIST, GYM, NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

const GRACE = 2;
const HOME: Household = {
  id: 5,
  name: "The Lovelaces",
  members: [
    { user_id: SAMPLE_USER.id, full_name: SAMPLE_USER.full_name, role: "owner" },
    { user_id: GRACE, full_name: "Grace Hopper", role: "member" },
  ],
};
/** Grace's task, shared and assigned to Ada. */
const PLANTS = {
  ...PASSPORT,
  id: 11,
  title: "Water the plants",
  owner_id: GRACE,
  shared: true,
  assignee_id: SAMPLE_USER.id,
};
/** Ada's subscription, shared and assigned to Grace. */
const SHARED_GYM = { ...GYM, shared: true, assignee_id: GRACE };

beforeEach(() => {
  localStorage.clear();
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = userEvent.setup();

async function open(api: FakeApi) {
  renderApp("/dashboard", { api });
  await screen.findByText("Good Morning, Ada Lovelace");
  return api;
}

const card = (name: string) => within(screen.getByRole("region", { name }));
const switchTo = (view: "My View" | "Family view") =>
  user.click(
    within(screen.getByRole("group", { name: "View" })).getByRole("button", { name: view }),
  );

describe("the view switch", () => {
  it("shows the household's shared records with whose they are, and My View again", async () => {
    const api = await open(
      fakeApi({
        tasks: [PASSPORT, DENTIST, PLANTS],
        subscriptions: [NETFLIX, SHARED_GYM],
        household: HOME,
      }),
    );
    expect(card("Priority Tasks").getByText("Renew passport")).toBeInTheDocument();
    // The bell: Netflix's and the Gym's renewals are due to be reminded of today.
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeVisible();

    await switchTo("Family view");
    const plants = await card("Priority Tasks").findByRole("button", {
      name: /^Water the plants.*Grace Hopper's · assigned to you/,
    });
    expect(plants).toBeInTheDocument();
    expect(card("Priority Tasks").queryByText("Renew passport")).not.toBeInTheDocument();
    expect(
      card("Renewals Soon").getByRole("button", { name: /^Gym.*Yours · assigned to Grace Hopper/ }),
    ).toBeInTheDocument();
    expect(card("Renewals Soon").queryByText("Netflix")).not.toBeInTheDocument();
    // Only the shared Gym's reminder is the household's.
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
    expect(
      api.calls.some(
        (call) => call.path === "/notifications/" && call.query.get("view") === "family",
      ),
    ).toBe(true);
    expect(
      api.calls.some((call) => call.path === "/tasks/" && call.query.get("view") === "family"),
    ).toBe(true);
    expect(
      within(screen.getByRole("group", { name: "View" })).getByRole("button", {
        name: "Family view",
      }),
    ).toHaveAttribute("aria-pressed", "true");

    await switchTo("My View");
    expect(await card("Priority Tasks").findByText("Renew passport")).toBeInTheDocument();
    expect(card("Priority Tasks").queryByText(/assigned to/)).not.toBeInTheDocument();
  });

  it("is remembered on the device: the next visit opens in Family view", async () => {
    await open(fakeApi({ tasks: [PASSPORT, PLANTS], household: HOME }));
    await switchTo("Family view");
    await card("Priority Tasks").findByText(/assigned to you/);
    expect(localStorage.getItem("life-admin.view")).toBe("family");
  });

  it("tells a person in no household what it shows and where to start one", async () => {
    localStorage.setItem("life-admin.view", "family");
    await open(fakeApi({ tasks: [PASSPORT] }));
    const notice = await screen.findByRole("region", { name: "Family view" });
    expect(notice).toHaveTextContent("You are not in a household: create one");
    expect(screen.queryByText("Renew passport")).not.toBeInTheDocument();
    await user.click(within(notice).getByRole("button", { name: "Open Settings" }));
    await waitFor(() => {
      expect(window.location.pathname).toBe("/settings");
    });
  });
});

describe("My View", () => {
  it("says in words who assigned a record to the person, in the cards and in All Tasks", async () => {
    const gym = { ...GYM, id: 12, owner_id: GRACE, shared: true, assignee_id: SAMPLE_USER.id };
    await open(
      fakeApi({ tasks: [PASSPORT, PLANTS], subscriptions: [NETFLIX, gym], household: HOME }),
    );
    expect(
      await card("Priority Tasks").findByRole("button", {
        name: /^Water the plants.*From Grace Hopper$/,
      }),
    ).toBeVisible();
    // The person's own records say nothing: they are theirs.
    expect(card("Priority Tasks").getByRole("button", { name: "Renew passport" })).toBeVisible();
    expect(
      card("Renewals Soon").getByRole("button", { name: /^Gym.*From Grace Hopper$/ }),
    ).toBeVisible();
    expect(card("Renewals Soon").getByRole("button", { name: "Netflix" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "View all tasks" }));
    const allTasks = within(await shownDialog(/All Tasks/));
    expect(
      allTasks.getByRole("button", { name: /^Water the plants.*From Grace Hopper$/ }),
    ).toBeVisible();
    expect(allTasks.getByRole("button", { name: "Renew passport" })).toBeVisible();
  });

  it("asks nothing more of a person whose records are all their own", async () => {
    const api = await open(fakeApi({ tasks: [PASSPORT], subscriptions: [NETFLIX] }));
    expect(card("Priority Tasks").getByRole("button", { name: "Renew passport" })).toBeVisible();
    await waitFor(() => {
      expect(api.callsTo("GET", "/notifications/")).not.toHaveLength(0);
    });
    expect(api.callsTo("GET", "/households/me")).toHaveLength(0);
  });
});

describe("sharing in the add and edit forms", () => {
  it("shares a new task and assigns it to a member", async () => {
    const api = await open(fakeApi({ household: HOME }));
    await user.click(screen.getByRole("button", { name: /Add Task/ }));
    const choice = await screen.findByRole("dialog");
    await user.click(within(choice).getByRole("button", { name: /Task/ }));
    const dialog = within(await shownDialog(/Add New Task/));
    const share = await dialog.findByRole("checkbox", { name: "Share with household" });
    expect(share).not.toBeChecked();
    expect(dialog.getByLabelText("Assigned To")).toBeDisabled();
    await user.click(share);
    await user.selectOptions(dialog.getByLabelText("Assigned To"), "Grace Hopper");
    await user.type(dialog.getByLabelText("Task Title"), "Book the boiler service");
    await user.type(dialog.getByLabelText("Due Date"), "2026-12-01");
    await user.click(dialog.getByRole("button", { name: "Save and add to calendar" }));
    await waitFor(() => {
      expect(api.tasks.find((task) => task.title === "Book the boiler service")).toMatchObject({
        shared: true,
        assignee_id: GRACE,
      });
    });
  });

  it("shows another member's record's sharing without letting it be changed", async () => {
    await open(fakeApi({ tasks: [PLANTS], household: HOME }));
    await user.click(card("Priority Tasks").getByRole("button", { name: /^Water the plants/ }));
    const dialog = within(await shownDialog(/Edit task/));
    expect(
      await dialog.findByText(/Grace Hopper shares this with the household/),
    ).toBeInTheDocument();
    expect(dialog.getByRole("checkbox", { name: "Share with household" })).toBeDisabled();
    expect(dialog.getByLabelText("Assigned To")).toHaveDisplayValue("Myself");
    // Its owner once, as its owner, then the others.
    expect(
      within(dialog.getByLabelText("Assigned To"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Grace Hopper", "Myself"]);
    // Only its owner deletes it: no Delete that the API would refuse.
    expect(dialog.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    // It is still an edit: its changes are saved, not a new task added.
    expect(dialog.getByRole("form", { name: "Edit task" })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Save changes" })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Download .ics" })).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: "Save and add to calendar" })).toBeNull();
  });
});
