// A dashboard left open in one tab while the person changes things in another shows those changes
// when they come back to it, without a reload; a failure to load them then leaves the page (and
// whatever they were typing) as it was.
import type { Task } from "@life-admin/domain";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { shownDialog } from "../test/dialogs";
import { PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();

/** Added in another tab: high priority, due tomorrow, so in Priority Tasks. */
const WATER_BILL: Task = {
  ...PASSPORT,
  id: 9,
  title: "Pay the water bill",
  due_date: "2026-11-22T10:00:00Z",
  frequency: "Once",
};

let visibility: DocumentVisibilityState = "visible";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The person switches to another tab, and later back to this one. */
function leaveAndComeBack() {
  act(() => {
    visibility = "hidden";
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new FocusEvent("blur"));
  });
  act(() => {
    visibility = "visible";
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new FocusEvent("focus"));
  });
}

describe("coming back to a dashboard left open", () => {
  it("shows a task added in another tab, loading the lists once", async () => {
    const api = fakeApi({ tasks: [PASSPORT] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    expect(screen.queryByText("Pay the water bill")).toBeNull();

    // Saved by the other tab: the API's record, whose sharing fields the seeded ones have.
    api.tasks.push({ ...api.tasks[0], ...WATER_BILL });
    leaveAndComeBack();

    const shown = await screen.findAllByText("Pay the water bill");
    expect(shown[0]).toBeVisible();
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
  });

  it("keeps the page and a half-typed form when that load fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ tasks: [PASSPORT] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
    const dialog = within(await shownDialog("Add New Task/Subscription"));
    await user.type(dialog.getByLabelText("Task Title"), "Call the plumber");

    api.answerNext("GET", "/tasks/", () => json({ detail: "The server is restarting" }, 503));
    leaveAndComeBack();

    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
    });
    expect(screen.queryByText(/^Error:/)).toBeNull();
    expect(dialog.getByLabelText("Task Title")).toHaveValue("Call the plumber");
    expect(screen.getByText("Good Morning, Ada Lovelace")).toBeInTheDocument();
  });
});
