// A record deleted in another tab (or on another device) while this page still shows it: a change
// to it says so, in words a person understands, takes it off the lists, and keeps what was typed;
// deleting it here too is simply done.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shownDialog } from "../test/dialogs";
import { type FakeApi, fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";

const user = userEvent.setup();
const GONE = `“${PASSPORT.title}” was deleted since this page showed it, perhaps in another tab or on another device.`;

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function dashboard(): Promise<FakeApi> {
  const api = fakeApi({ tasks: [PASSPORT], subscriptions: [NETFLIX] });
  renderApp("/dashboard", { api });
  await screen.findByText("Good Morning, Ada Lovelace");
  return api;
}

/** The other tab deletes the passport task. */
function deletedElsewhere(api: FakeApi) {
  api.tasks.splice(
    api.tasks.findIndex((task) => task.id === PASSPORT.id),
    1,
  );
}

function tasksCard() {
  return within(screen.getByRole("region", { name: "Tasks", hidden: true }));
}

describe("a record deleted in another tab", () => {
  it("an edit saved to it says it was deleted, keeps what was typed, and the lists drop it", async () => {
    const api = await dashboard();
    await user.click(tasksCard().getByRole("button", { name: PASSPORT.title }));
    const form = within(await shownDialog("Edit task"));
    deletedElsewhere(api);
    await user.type(form.getByLabelText("Task Title"), " and ID");
    await user.click(form.getByRole("button", { name: "Save changes" }));

    expect(await form.findByRole("alert")).toHaveTextContent(GONE);
    expect(form.getByLabelText("Task Title")).toHaveValue("Renew passport and ID");
    expect(tasksCard().queryByText(PASSPORT.title)).toBeNull();
  });

  it("Mark done on it says it was deleted, and its row goes", async () => {
    const api = await dashboard();
    deletedElsewhere(api);
    await user.click(
      within(tasksCard().getByText(PASSPORT.title).closest("li") ?? document.body).getByRole(
        "button",
        { name: `Mark done ${PASSPORT.title}` },
      ),
    );

    expect(await screen.findByText(GONE)).toBeVisible();
    await waitFor(() => {
      expect(tasksCard().queryByText(PASSPORT.title)).toBeNull();
    });
  });

  it("one of someone else's (shared with the person) may only have stopped being shared, and says so", async () => {
    const api = fakeApi({ tasks: [{ ...PASSPORT, owner_id: 2 }] });
    renderApp("/dashboard", { api });
    await screen.findByText("Good Morning, Ada Lovelace");
    deletedElsewhere(api);
    await user.click(tasksCard().getByRole("button", { name: `Mark done ${PASSPORT.title}` }));

    expect(
      await screen.findByText(
        `“${PASSPORT.title}” is no longer shared with you, or was deleted, since this page showed it.`,
      ),
    ).toBeVisible();
    await waitFor(() => {
      expect(tasksCard().queryByText(PASSPORT.title)).toBeNull();
    });
  });

  it("deleting it here too is done, without an error", async () => {
    const api = await dashboard();
    await user.click(tasksCard().getByRole("button", { name: PASSPORT.title }));
    const form = within(await shownDialog("Edit task"));
    deletedElsewhere(api);
    await user.click(form.getByRole("button", { name: "Delete task" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Delete this task?" }));
    await user.click(question.getByRole("button", { name: "Delete task" }));

    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    await waitFor(() => {
      expect(api.callsTo("DELETE", `/tasks/${String(PASSPORT.id)}`)).toHaveLength(1);
    });
    // Its answer, the 404, taken as done: the row stays gone and nothing is said.
    await screen.findByText("Good Morning, Ada Lovelace");
    expect(tasksCard().queryByText(PASSPORT.title)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
