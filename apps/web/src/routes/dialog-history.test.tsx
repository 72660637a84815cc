// The dashboard's dialogs and the browser's Back and Forward: Back closes the open dialog and
// stays on the dashboard, asking first where Escape asks (a half-typed form is never lost by it);
// Forward opens a list again; a dialog closed inside the page leaves no entry behind.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shownDialog } from "../test/dialogs";
import { fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();
const QUESTION = "Discard what you typed?";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The browser's Back (or Forward) button: the move, then its popstate, comes later. */
function press(button: "Back" | "Forward") {
  act(() => {
    if (button === "Back") window.history.back();
    else window.history.forward();
  });
}

async function dashboard() {
  renderApp("/dashboard", { api: fakeApi({ tasks: [PASSPORT] }) });
  await screen.findByText("Good Morning, Ada Lovelace");
}

/** A new task, saved with the form's "Save and add to calendar". */
async function addTask(title: string) {
  await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
  const chooser = within(await shownDialog("What would you like to add?"));
  await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
  const form = within(await shownDialog("Add New Task/Subscription"));
  await user.type(form.getByLabelText("Task Title"), title);
  await user.type(form.getByLabelText("Due Date"), "2026-11-23");
  await user.click(form.getByRole("button", { name: "Save and add to calendar" }));
}

async function openAllTasks() {
  await user.click(screen.getByRole("button", { name: "View all tasks" }));
  return shownDialog("All Tasks");
}

describe("Back and Forward over the dashboard's dialogs", () => {
  it("Back closes All Tasks and stays on the dashboard; Forward opens it again", async () => {
    await dashboard();
    await openAllTasks();

    press("Back");
    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "All Tasks" })).toBeNull();
    });
    expect(window.location.pathname).toBe("/dashboard");
    expect(screen.getByText("Good Morning, Ada Lovelace")).toBeVisible();

    press("Forward");
    expect(await shownDialog("All Tasks")).toBeVisible();
  });

  it("a list closed with its Close button leaves no entry: Back then leaves the dashboard", async () => {
    renderApp("/settings");
    await user.click(await screen.findByRole("link", { name: "Back to dashboard" }));
    await screen.findByText("Good Morning, Ada Lovelace");
    const list = within(await openAllTasks());
    await user.click(list.getByRole("button", { name: "Close" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    press("Back");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  it("Back on a half-typed Add form asks first: kept, it stays with what was typed; discarded, it closes", async () => {
    await dashboard();
    await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
    const form = within(await shownDialog("Add New Task/Subscription"));
    await user.type(form.getByLabelText("Task Title"), "Renew passport");

    press("Back");
    const question = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    await user.click(question.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("dialog", { name: "Add New Task/Subscription" })).toBeVisible();
    expect(form.getByLabelText("Task Title")).toHaveValue("Renew passport");
    expect(window.location.pathname).toBe("/dashboard");

    // Kept, the form is in the history again: the next Back asks again.
    press("Back");
    const again = within(await screen.findByRole("alertdialog", { name: QUESTION }));
    await user.click(again.getByRole("button", { name: "Discard" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(window.location.pathname).toBe("/dashboard");
    expect(screen.getByText("Good Morning, Ada Lovelace")).toBeVisible();
  });

  it("Back on the calendar's offer after a save closes it and stays on the dashboard, then leaves", async () => {
    renderApp("/settings", {
      api: fakeApi({ tasks: [PASSPORT], calendarFeed: { connected: false } }),
    });
    await user.click(await screen.findByRole("link", { name: "Back to dashboard" }));
    await screen.findByText("Good Morning, Ada Lovelace");
    await addTask("Book a dentist");
    expect(await shownDialog("Add your tasks to your calendar")).toBeVisible();

    // Closed by Back, the offer pushes no entry on its way out: one pushed and then gone back
    // from (as when the page heard of the close a render late) would take a Back pressed in
    // between, and the dashboard would stay (CI's failure of session 42).
    const pushes = vi.spyOn(window.history, "pushState");
    press("Back");
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(window.location.pathname).toBe("/dashboard");
    expect(screen.getByText("Good Morning, Ada Lovelace")).toBeVisible();
    expect(pushes).not.toHaveBeenCalled();

    // Its entry went with it: the next Back leaves the dashboard.
    press("Back");
    await waitFor(() => {
      expect(window.location.pathname).toBe("/settings");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  it("a save with a calendar already connected, or whose feed cannot be read, leaves no entry: Back then leaves", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ tasks: [PASSPORT] });
    renderApp("/settings", { api });
    await user.click(await screen.findByRole("link", { name: "Back to dashboard" }));
    await screen.findByText("Good Morning, Ada Lovelace");
    await addTask("Book a dentist");
    expect(await screen.findByText("Saved. It will appear in your calendar.")).toBeVisible();
    api.answerNext("GET", "/calendar/feed", () => json({ detail: "Service unavailable" }, 503));
    await addTask("Call the bank");
    expect(
      await screen.findByText("Saved. Your calendar details could not be loaded just now."),
    ).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();

    press("Back");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  it("a reminder that opens its subscription hands its entry over: Back closes the form, then leaves", async () => {
    renderApp("/settings", { api: fakeApi({ tasks: [PASSPORT], subscriptions: [NETFLIX] }) });
    await user.click(await screen.findByRole("link", { name: "Back to dashboard" }));
    await screen.findByText("Good Morning, Ada Lovelace");
    await user.click(await screen.findByRole("button", { name: /^Notifications, \d+ unread$/ }));
    const panel = within(await shownDialog("Notifications"));
    await user.click(panel.getByRole("button", { name: /^Netflix/ }));
    expect(await shownDialog("Edit subscription")).toBeVisible();

    press("Back");
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(screen.getByText("Good Morning, Ada Lovelace")).toBeVisible();

    press("Back");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  it("a document made into a record hands its entry to the form: Back closes the form, then leaves", async () => {
    const api = fakeApi({ tasks: [PASSPORT] });
    api.files.push({
      id: 41,
      name: "gym-renewal.pdf",
      content_type: "application/pdf",
      size: 48_213,
      created_at: "2026-11-20T10:00:00Z",
      status: "unreadable",
      proposal: null,
      error: "No text could be read from this file.",
    });
    renderApp("/settings", { api });
    await user.click(await screen.findByRole("link", { name: "Back to dashboard" }));
    await screen.findByText("Good Morning, Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "Ada Lovelace" }));
    await user.click(screen.getByRole("menuitem", { name: "Documents" }));
    const documents = within(await shownDialog("Documents"));
    await user.click(
      await documents.findByRole("button", {
        name: "Make from it: a task or subscription from gym-renewal.pdf",
      }),
    );
    expect(await shownDialog("Add New Task/Subscription")).toBeVisible();

    press("Back");
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(screen.getByText("Good Morning, Ada Lovelace")).toBeVisible();

    press("Back");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });
});
