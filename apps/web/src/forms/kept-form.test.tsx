// A form whose sign-in ends before it is saved loses nothing typed: it is kept in this tab, the
// sign-up page says so, and after the same person signs in again the dashboard opens it again,
// once, on its record if it was an edit (added anew if the record is gone). Nothing untouched is
// kept, and another person signing in on the tab never sees it. (The whole flow in Chromium, with
// the real API ending the sign-in: e2e/tests/session-end-keeps-form.spec.ts.)
import type { Household } from "@life-admin/domain/household";
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, SAMPLE_USER, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { DENTIST, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { KEPT_FORM_KEY } from "./kept-form-key";
import { type KeptForm, keepForm, keptValues, takeKeptForm } from "./kept-form";
import { SUBSCRIPTION_FORM_DEFAULTS } from "./subscription-form-schema";
import { TASK_FORM_DEFAULTS } from "./task-form-schema";
import { shownDialog } from "../test/dialogs";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = userEvent.setup();

async function openDashboard(api: FakeApi) {
  const rendered = renderApp("/dashboard", { api });
  await screen.findByText("Good Morning, Ada Lovelace");
  return rendered;
}

/** The sign-in ends on the server: the next request is refused, and so is its refresh. */
function endSignIn(api: FakeApi, method: string, path: string) {
  api.answerNext(method, path, () => json({ detail: "Not authenticated" }, 401));
  api.answerNext("POST", "/auth/refresh", () =>
    json({ detail: "This sign-in has ended; please sign in again" }, 401),
  );
}

/** The person signs in again in this tab and lands on the dashboard. */
async function signInAgain(api: FakeApi) {
  cleanup();
  storeSession(tokenSet("signed-in-again"));
  await openDashboard(api);
}

const keptTask = (overrides: Partial<KeptForm> = {}): KeptForm => ({
  userId: SAMPLE_USER.id,
  tab: "task",
  editing: null,
  source: null,
  task: { ...TASK_FORM_DEFAULTS, title: "Call the council", due_date: "2026-12-01" },
  subscription: {} as KeptForm["subscription"],
  sharing: null,
  ...overrides,
});

describe("a form whose sign-in ends before it is saved", () => {
  it("is kept, said on the sign-up page, and opens again on its record after signing in", async () => {
    // The refused save is logged (spec 8).
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({ tasks: [PASSPORT, DENTIST] });
    await openDashboard(api);
    const [taskName] = screen.getAllByRole("button", { name: PASSPORT.title });
    if (taskName === undefined) throw new Error("the task is not listed");
    await user.click(taskName);
    const dialog = within(await shownDialog("Edit task"));
    await user.type(dialog.getByLabelText("Task Title"), " and ID");
    endSignIn(api, "PATCH", "/tasks/1");
    await user.click(dialog.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Get Started with us today!")).toBeVisible();
    expect(
      screen.getByText(/You were signed out before what you were typing was saved/),
    ).toBeVisible();

    await signInAgain(api);
    // Said as the dialog opens: its description, read out with its name.
    const shownAgain = await shownDialog("Edit task");
    expect(shownAgain).toHaveAccessibleDescription(/^You were signed out before this was saved\./);
    const again = within(shownAgain);
    expect(again.getByLabelText("Task Title")).toHaveValue("Renew passport and ID");
    expect(again.getByLabelText("Notes (Optional)")).toHaveValue("Photos first");
    // What is typed next stays: the form is given back once, not at every render.
    await user.type(again.getByLabelText("Task Title"), " cards");
    expect(again.getByLabelText("Task Title")).toHaveValue("Renew passport and ID cards");
    await user.click(again.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/tasks/1").at(-1)?.body).toEqual({
        title: "Renew passport and ID cards",
      });
    });
    // Given back once.
    expect(window.sessionStorage.getItem(KEPT_FORM_KEY)).toBeNull();
  });

  it("opens as an add, saying so, when the record it edited has been deleted since", async () => {
    keepForm(keptTask({ editing: { kind: "task", id: 42 }, tab: "task" }));
    const api = fakeApi({ tasks: [PASSPORT] });
    await openDashboard(api);
    const shown = await shownDialog("Add New Task/Subscription");
    expect(shown).toHaveAccessibleDescription(
      /the task has been deleted since: saving adds it again\.$/,
    );
    const dialog = within(shown);
    expect(dialog.getByLabelText("Task Title")).toHaveValue("Call the council");
    await user.click(dialog.getByRole("button", { name: "Save and add to calendar" }));
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/")).toEqual([
        expect.objectContaining({
          body: expect.objectContaining({
            title: "Call the council",
            due_date: "2026-12-01T00:00:00Z",
          }) as unknown,
        }),
      ]);
    });
  });

  it("gives back the sharing chosen, on the tab it was on", async () => {
    const household: Household = {
      id: 5,
      name: "The Lovelaces",
      members: [
        { user_id: SAMPLE_USER.id, full_name: SAMPLE_USER.full_name, role: "owner" },
        { user_id: 2, full_name: "Grace Hopper", role: "member" },
      ],
    };
    keepForm(
      keptTask({
        tab: "subscription",
        subscription: { ...SUBSCRIPTION_FORM_DEFAULTS, name: "Window cleaner", cost: "12" },
        sharing: { shared: true, assigneeId: 2 },
      }),
    );
    const api = fakeApi({ household });
    await openDashboard(api);
    const dialog = within(await shownDialog("Add New Task/Subscription"));
    expect(dialog.getByRole("tab", { name: "Subscription" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(dialog.getByLabelText("Subscription Name")).toHaveValue("Window cleaner");
    expect(await dialog.findByLabelText("Share with household")).toBeChecked();
    expect(dialog.getByLabelText("Assigned To")).toHaveValue("2");
  });

  it("is not kept when nothing was typed in it", async () => {
    const api = fakeApi();
    const { services } = await openDashboard(api);
    await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
    await shownDialog("Add New Task/Subscription");
    act(() => {
      services.session.tokens.clear();
    });

    expect(await screen.findByText("Get Started with us today!")).toBeVisible();
    expect(screen.queryByText(/You were signed out before/)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(KEPT_FORM_KEY)).toBeNull();
  });

  it("can be discarded from the sign-up page", async () => {
    keepForm(keptTask());
    window.localStorage.clear(); // signed out
    renderApp("/");
    const notice = await screen.findByText(/You were signed out before what you were typing/);
    await user.click(screen.getByRole("button", { name: "Discard it" }));
    expect(notice).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(KEPT_FORM_KEY)).toBeNull();
  });

  it("is never given to another person signing in on the tab, and is forgotten", async () => {
    keepForm(keptTask({ userId: SAMPLE_USER.id + 1 }));
    await openDashboard(fakeApi());
    await vi.waitFor(() => {
      expect(window.sessionStorage.getItem(KEPT_FORM_KEY)).toBeNull();
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("what is read back (kept-form.ts)", () => {
  it("takes only the fields the form has, of the form's types", () => {
    expect(
      keptValues(TASK_FORM_DEFAULTS, { title: "Pay rent", due_date: 20261201, extra: "x" }),
    ).toEqual({ ...TASK_FORM_DEFAULTS, title: "Pay rent" });
    expect(keptValues(TASK_FORM_DEFAULTS, "not a form")).toEqual(TASK_FORM_DEFAULTS);
  });

  it("gives nothing back for what is not a kept form, and forgets it", () => {
    window.sessionStorage.setItem(KEPT_FORM_KEY, "{not json");
    expect(takeKeptForm(SAMPLE_USER.id)).toBeNull();
    expect(window.sessionStorage.getItem(KEPT_FORM_KEY)).toBeNull();
  });

  it("gives a document's form back linked to the document, without its reading", () => {
    keepForm(
      keptTask({
        source: {
          id: 7,
          name: "council-tax.pdf",
          proposal: { kind: "task" } as unknown as NonNullable<KeptForm["source"]>["proposal"],
        },
      }),
    );
    expect(takeKeptForm(SAMPLE_USER.id)?.source).toEqual({
      id: 7,
      name: "council-tax.pdf",
      proposal: null,
    });
  });
});
