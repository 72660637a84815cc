// issue 19: "Save and add to calendar" means it: after the save, a person without a connected
// calendar is offered the feed (once: Done stops the offer); a connected one reads a short note;
// a failed feed request loses nothing.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = userEvent.setup();

async function saveTask(title: string) {
  await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
  const chooser = within(await shownDialog("What would you like to add?"));
  await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
  const dialog = within(await shownDialog("Add New Task/Subscription"));
  await user.type(dialog.getByLabelText("Task Title"), title);
  await user.type(dialog.getByLabelText("Due Date"), "2026-11-23");
  await user.click(dialog.getByRole("button", { name: "Save and add to calendar" }));
}

async function openDashboard(api: FakeApi) {
  renderApp("/dashboard", { api });
  await screen.findByText("Good Morning, Ada Lovelace");
}

describe("after Save and add to calendar (issue 19)", () => {
  it("offers the feed to a person without a calendar, and Done stops the offer", async () => {
    const api = fakeApi({ calendarFeed: { connected: false } });
    await openDashboard(api);
    await saveTask("Renew passport");

    const offer = await shownDialog("Add your tasks to your calendar");
    expect(within(offer).getByLabelText("Your calendar address")).toHaveValue(api.calendarFeed.url);
    // The task is saved and listed whatever happens to the offer.
    expect(screen.getAllByText("Renew passport").length).toBeGreaterThan(0);
    await user.click(within(offer).getByRole("button", { name: "Copy" }));
    expect(await within(offer).findByText("Copied")).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(api.calendarFeed.url);

    await user.click(within(offer).getByRole("button", { name: "I've added it" }));
    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/calendar/feed").map((call) => call.body)).toEqual([
        { connected: true },
      ]);
    });

    await saveTask("Book a dentist");
    expect(await screen.findByText("Saved. It will appear in your calendar.")).toBeVisible();
    expect(
      screen.queryByRole("dialog", { name: "Add your tasks to your calendar" }),
    ).not.toBeInTheDocument();
  });

  it("tells a connected person the task will appear in their calendar", async () => {
    const api = fakeApi();
    await openDashboard(api);
    await saveTask("Renew passport");
    const note = await screen.findByText("Saved. It will appear in your calendar.");
    expect(note).toHaveAttribute("role", "status");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Saved. It will appear in your calendar.")).not.toBeInTheDocument();
  });

  it("keeps the saved task when the feed cannot be read, with a quiet note", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ calendarFeed: { connected: false } });
    api.answerNext("GET", "/calendar/feed", () => json({ detail: "Service unavailable" }, 503));
    await openDashboard(api);
    await saveTask("Renew passport");
    expect(
      await screen.findByText("Saved. Your calendar details could not be loaded just now."),
    ).toBeVisible();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.tasks.map((task) => task.title)).toEqual(["Renew passport"]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
