// issue 18: tasks and subscriptions have a life on the dashboard: marked done and not done,
// edited in the Add form in edit mode, deleted after a question, paused and resumed; each change
// shows at once everywhere and goes back, with the API's message, when the API refuses it.
import type { Task } from "@life-admin/domain";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, json } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { DENTIST, GYM, NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";
import { shownDialog } from "../test/dialogs";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A task due today that happens once, high priority: in every card that lists tasks. */
const BILL: Task = {
  ...PASSPORT,
  id: 3,
  title: "Pay the electricity bill",
  due_date: "2026-11-21T18:00:00Z",
  frequency: "Once",
  description: null,
  notes: null,
  category: null,
};

async function open(
  api: FakeApi = fakeApi({ tasks: [BILL, PASSPORT, DENTIST], subscriptions: [NETFLIX, GYM] }),
) {
  renderApp("/dashboard", { api });
  await screen.findByText("Good Morning, Ada Lovelace");
  return api;
}

/** A card; `hidden` reaches it under an open modal (which hides the page from the tree). */
function card(name: string, hidden = false) {
  return within(screen.getByRole("region", { name, hidden }));
}

/** The row of a card that shows `title`. */
function row(cardName: string, title: string) {
  const item = card(cardName).getByText(title).closest("li");
  if (!item) throw new Error(`no row ${title} in ${cardName}`);
  return within(item);
}

const user = userEvent.setup();

/** Opens the Tasks card's task in the Add form in edit mode. */
async function editTask(title: string) {
  await user.click(card("Tasks").getByRole("button", { name: title }));
  return within(await shownDialog("Edit task"));
}

/** Marks the Tasks card's one task done, and waits until it shows as due on `shown`. */
async function markDoneUntilDue(shown: string) {
  await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
  await vi.waitFor(() => {
    expect(card("Tasks").getByText(`Due: ${shown}`)).toBeVisible();
  });
}

describe("marking a task done and not done", () => {
  it("shows it done at once in every list, sends the occurrence seen, and keeps it done after the answer", async () => {
    const api = await open();
    const held = api.holdNext("POST", "/tasks/3/complete");
    await user.click(
      row("Priority Tasks", BILL.title).getByRole("button", { name: /^Mark done / }),
    );

    // At once, before the API has answered: out of the agenda and Upcoming Events, done in lists.
    await vi.waitFor(() => {
      expect(
        row("Priority Tasks", BILL.title).getByRole("button", { name: /^Mark not done / }),
      ).toBeVisible();
    });
    expect(row("Tasks", BILL.title).getByRole("button", { name: /^Mark not done / })).toBeVisible();
    expect(card("Upcoming Events").queryByText(BILL.title)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Next 7 days" })).queryByText(BILL.title),
    ).not.toBeInTheDocument();

    await act(async () => {
      held.release();
      await Promise.resolve();
    });
    expect(api.callsTo("POST", "/tasks/3/complete")).toEqual([
      expect.objectContaining({ body: { due_date: BILL.due_date } }),
    ]);
    expect(api.tasks.find((task) => task.id === 3)?.completed).toBe(true);
    expect(
      row("Priority Tasks", BILL.title).getByRole("button", { name: /^Mark not done / }),
    ).toBeVisible();
  });

  it("undoes it with Mark not done (POST uncomplete), back in the agenda", async () => {
    const api = await open(fakeApi({ tasks: [{ ...BILL, completed: true }] }));
    api.tasks[0] = { ...BILL };
    // The API's own record of the completion to undo.
    await api.fetch(
      new Request("http://api.test/tasks/3/complete", {
        method: "POST",
        headers: { Authorization: "Bearer x" },
      }),
    );
    await user.click(card("Tasks").getByRole("button", { name: /^Mark not done / }));
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
    });
    expect(await card("Upcoming Events").findByText(BILL.title)).toBeVisible();
    expect(card("Tasks").getByRole("button", { name: /^Mark done / })).toBeVisible();
  });

  it("moves a recurring task on to its next occurrence, pending", async () => {
    const daily = { ...BILL, frequency: "Daily" as const };
    const api = await open(fakeApi({ tasks: [daily] }));
    await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/22/2026")).toBeVisible();
    });
    expect(card("Tasks").getByRole("button", { name: /^Mark done / })).toBeVisible();
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-22T18:00:00Z", completed: false });
  });

  it("undoes a recurring task's completion from its edit form, back on the date it was due", async () => {
    const daily = { ...BILL, frequency: "Daily" as const, repeats_from: BILL.due_date };
    const api = await open(fakeApi({ tasks: [daily] }));
    // Not marked done yet: there is nothing to undo.
    let edit = await editTask(BILL.title);
    expect(edit.queryByRole("button", { name: "Undo last completion" })).not.toBeInTheDocument();
    await user.click(edit.getByRole("button", { name: "Cancel" }));

    await markDoneUntilDue("11/22/2026");
    edit = await editTask(BILL.title);
    await user.click(await edit.findByRole("button", { name: "Undo last completion" }));

    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Said where it went back to, once the API has answered.
    const said = await screen.findByText(`${BILL.title} is back to 11/21/2026.`);
    expect(said).toHaveAttribute("role", "status");
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-21T18:00:00Z", completed: false });
  });

  it("lists when a task was marked done in its edit form, and forgets a completion undone", async () => {
    const daily = { ...BILL, frequency: "Daily" as const, repeats_from: BILL.due_date };
    const api = await open(fakeApi({ tasks: [daily] }));
    await markDoneUntilDue("11/22/2026");
    await markDoneUntilDue("11/23/2026");
    let edit = await editTask(BILL.title);
    let history = within(await edit.findByRole("region", { name: "Done before" }));
    expect(history.getByText("Marked done 2 times")).toBeVisible();
    expect(history.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Sat, Nov 21, 2026, 9:00 AM · due Sun, Nov 22, 2026, 6:00 PM",
      "Sat, Nov 21, 2026, 9:00 AM · due Sat, Nov 21, 2026, 6:00 PM",
    ]);

    // The latest undone: read again at the next opening, the history has the other alone.
    await user.click(await edit.findByRole("button", { name: "Undo last completion" }));
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/22/2026")).toBeVisible();
    });
    edit = await editTask(BILL.title);
    history = within(await edit.findByRole("region", { name: "Done before" }));
    expect(await history.findByText("Marked done once")).toBeVisible();
    expect(history.getAllByRole("listitem")).toHaveLength(1);
    expect(api.callsTo("GET", "/tasks/3/completions")).toHaveLength(2);
  });

  it("asks before an undo of a completion closes an edit form holding something typed", async () => {
    const daily = { ...BILL, frequency: "Daily" as const, repeats_from: BILL.due_date };
    const api = await open(fakeApi({ tasks: [daily] }));
    await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/22/2026")).toBeVisible();
    });
    await user.click(card("Tasks").getByRole("button", { name: BILL.title }));
    const edit = within(await shownDialog("Edit task"));
    await user.type(edit.getByLabelText("Task Title"), " now");
    await user.click(await edit.findByRole("button", { name: "Undo last completion" }));
    // Kept: the question is answered "Cancel", and the typing and the completion stay.
    let question = within(
      await screen.findByRole("alertdialog", { name: "Discard what you typed?" }),
    );
    await user.click(question.getByRole("button", { name: "Cancel" }));
    expect(edit.getByLabelText("Task Title")).toHaveValue(`${BILL.title} now`);
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(0);
    // Discarded: the form closes and the completion is undone.
    await user.click(await edit.findByRole("button", { name: "Undo last completion" }));
    question = within(await screen.findByRole("alertdialog", { name: "Discard what you typed?" }));
    await user.click(question.getByRole("button", { name: "Discard" }));
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    });
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
    expect(api.tasks[0]).toMatchObject({ title: BILL.title, completed: false });
  });

  it("moves an overdue recurring task past the occurrences it missed, at once, where the API puts it (decisions D9)", async () => {
    // Weekly from Saturday 31 October, 18:00; at the tests' now (21 November, 09:00) the 7 and 14
    // November ones are past too, and 21 November's is the first still to come.
    const weekly = { ...BILL, frequency: "Weekly" as const, due_date: "2026-10-31T18:00:00Z" };
    const api = await open(fakeApi({ tasks: [weekly] }));
    const answer = api.holdNext("POST", "/tasks/3/complete");
    await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
    // Shown before the API has answered ...
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    });
    await act(async () => {
      answer.release();
      await Promise.resolve();
    });
    // ... and the API agrees.
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/3/complete")).toHaveLength(1);
    });
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-21T18:00:00Z", completed: false });
    expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
  });

  it("puts the task back and says why when the API refuses, in the open list too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open();
    await user.click(screen.getByRole("button", { name: "View all tasks" }));
    const dialog = within(await shownDialog("All Tasks"));
    api.answerNext("POST", "/tasks/3/complete", () =>
      json({ detail: "Database unavailable" }, 503),
    );
    const [first] = dialog.getAllByRole("listitem") as [HTMLElement];
    await user.click(within(first).getByRole("button", { name: /^Mark done / }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("Database unavailable");
    expect(within(first).getByRole("button", { name: /^Mark done / })).toBeVisible();
    expect(first).toHaveTextContent("○ Pending");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alert")).toHaveTextContent("Database unavailable");
    expect(card("Upcoming Events").getByText(BILL.title)).toBeVisible();
  });

  it("sends a quick done then not done in that order, the second after the first's answer", async () => {
    const api = await open();
    const held = api.holdNext("POST", "/tasks/3/complete");
    await user.click(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / }));
    await user.click(
      await row("Tasks", BILL.title).findByRole("button", { name: /^Mark not done / }),
    );
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(0);
    await act(async () => {
      held.release();
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
    });
    expect(
      await row("Tasks", BILL.title).findByRole("button", { name: /^Mark done / }),
    ).toBeVisible();
    expect(api.tasks.find((task) => task.id === 3)?.completed).toBe(false);
  });

  it("never lets a list that was loading put back what a change replaced", async () => {
    const api = await open();
    // A reload under way (Upload Files closed), answered with the list as it was before.
    await user.click(screen.getByRole("button", { name: "Upload File" }));
    const upload = within(await shownDialog("Upload Files"));
    const reload = api.holdNext("GET", "/tasks/");
    await user.click(upload.getByRole("button", { name: "Cancel" }));
    const before = structuredClone(api.tasks);
    await user.click(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / }));
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/3/complete")).toHaveLength(1);
    });
    await act(async () => {
      reload.release(json(before));
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(api.callsTo("GET", "/tasks/")).toHaveLength(3);
    });
    expect(row("Tasks", BILL.title).getByRole("button", { name: /^Mark not done / })).toBeVisible();
  });
});

describe("the notice after Mark done, with its Undo", () => {
  /** The page's notice (a polite live region) once it says `text`. */
  async function notice(text: string) {
    const shown = await screen.findByText(text);
    expect(shown).toHaveAttribute("role", "status");
  }
  const undo = () => user.click(screen.getByRole("button", { name: "Undo" }));

  it("says where a recurring task went, leaves focus on the row, and Undo puts it back", async () => {
    const daily = { ...BILL, frequency: "Daily" as const, repeats_from: BILL.due_date };
    const api = await open(fakeApi({ tasks: [daily] }));
    const done = card("Tasks").getByRole("button", { name: /^Mark done / });
    await user.click(done);
    await notice(`${BILL.title} is done. Next due 11/22/2026.`);
    expect(done).toHaveFocus();
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-22T18:00:00Z" });
    });

    await undo();
    await notice(`${BILL.title} is back to 11/21/2026.`);
    // The Undo is gone with the note it was for: focus is on the note that followed.
    expect(screen.getByRole("status")).toHaveFocus();
    expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-21T18:00:00Z", completed: false });
  });

  /** A daily task on the last date of its series, marked done: the page says it was its last. */
  async function markLastDateDone() {
    const lastDay = {
      ...BILL,
      frequency: "Daily" as const,
      repeats_from: BILL.due_date,
      repeat_until: "2026-11-21",
    };
    const api = await open(fakeApi({ tasks: [lastDay] }));
    await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
    await notice(`${BILL.title} is done. That was its last date.`);
    return api;
  }

  it("says a series' last date is done, shows it ended, and Undo opens that date again", async () => {
    const api = await markLastDateDone();
    expect(card("Tasks").getByText("Daily until 11/21/2026 ·", { exact: false })).toBeVisible();
    expect(card("Tasks").getByText("Ended")).toBeVisible();
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-22T18:00:00Z", completed: true });
    });

    await undo();
    await notice(`${BILL.title} is back to 11/21/2026.`);
    expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-21T18:00:00Z", completed: false });
  });

  it("says in an ended series' form that it ended, saves it unchanged, and a later end opens it again", async () => {
    const ended = {
      ...BILL,
      frequency: "Daily" as const,
      repeats_from: "2026-11-20T18:00:00Z",
      repeat_until: "2026-11-20",
      completed: true,
    };
    const api = await open(fakeApi({ tasks: [ended] }));
    let edit = await editTask(BILL.title);
    expect(
      await edit.findByText(
        "Its series has ended. A Repeat until on or after 11/21/2026 opens it again.",
      ),
    ).toBeVisible();
    // Its end is before its date, as an ended series' is: the form saves all the same.
    await user.type(edit.getByLabelText("Notes (Optional)"), "Finished the course");
    await user.click(edit.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ notes: "Finished the course", completed: true });
    });

    edit = await editTask(BILL.title);
    const until = edit.getByLabelText("Repeat until");
    await user.clear(until);
    await user.type(until, "2026-11-30");
    await user.click(edit.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ repeat_until: "2026-11-30", completed: false });
    });
    // Pending again: its date, and Mark done to offer.
    const reopened = row("Tasks", BILL.title);
    expect(reopened.getByText("Due: 11/21/2026")).toBeVisible();
    expect(reopened.getByRole("button", { name: /^Mark done / })).toBeVisible();
  });

  it("takes the notice of a series' last date away once a later end in its form opens it again", async () => {
    const api = await markLastDateDone();
    const edit = await editTask(BILL.title);
    const until = edit.getByLabelText("Repeat until");
    await user.clear(until);
    await user.type(until, "2026-11-25");
    await user.click(edit.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-22T18:00:00Z", completed: false });
    });
    expect(screen.queryByText(/That was its last date/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });

  it("says why Mark not done cannot open a series whose end was moved before its last date", async () => {
    const ended = {
      ...BILL,
      frequency: "Daily" as const,
      repeats_from: BILL.due_date,
      repeat_until: "2026-11-20",
      completed: true,
    };
    await open(fakeApi({ tasks: [ended] }));
    await user.click(card("Tasks").getByRole("button", { name: /^Mark not done / }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This task's series has ended on its Repeat until: set a later Repeat until to open it again",
    );
    expect(card("Tasks").getByText("Ended")).toBeVisible();
  });

  it("takes a completion's notice away once the completion is undone in the edit form", async () => {
    const daily = { ...BILL, frequency: "Daily" as const, repeats_from: BILL.due_date };
    const api = await open(fakeApi({ tasks: [daily] }));
    await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
    await notice(`${BILL.title} is done. Next due 11/22/2026.`);
    const edit = await editTask(BILL.title);
    await user.click(await edit.findByRole("button", { name: "Undo last completion" }));
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    });
    // No Undo is left to offer: the completion it would undo is undone.
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    expect(
      screen.queryByText(`${BILL.title} is done. Next due 11/22/2026.`),
    ).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
  });

  it("says a one-off task is done, and Undo brings its row back", async () => {
    const api = await open();
    await user.click(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / }));
    await notice(`${BILL.title} is done.`);
    await vi.waitFor(() => {
      expect(api.tasks.find((task) => task.id === 3)?.completed).toBe(true);
    });

    await undo();
    await notice(`${BILL.title} is back to 11/21/2026.`);
    expect(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / })).toBeVisible();
    expect(api.tasks.find((task) => task.id === 3)?.completed).toBe(false);
  });

  it("says why when the API refuses the undo, and keeps the task done", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open();
    await user.click(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / }));
    await notice(`${BILL.title} is done.`);
    await vi.waitFor(() => {
      expect(api.tasks.find((task) => task.id === 3)?.completed).toBe(true);
    });
    api.answerNext("POST", "/tasks/3/uncomplete", () =>
      json({ detail: "Database unavailable" }, 503),
    );

    await undo();
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    expect(screen.queryByText(`${BILL.title} is done.`)).not.toBeInTheDocument();
    expect(api.tasks.find((task) => task.id === 3)?.completed).toBe(true);
  });
  it.each([
    ["View all tasks", "All Tasks"],
    ["View all events", "All Events"],
  ])(
    "shows it in the list a task was done in (%s), Undo reached there by keyboard",
    async (opener, listName) => {
      const api = await open(fakeApi({ tasks: [BILL] }));
      await user.click(screen.getByRole("button", { name: opener }));
      const list = within(await shownDialog(listName));
      await user.click(list.getByRole("button", { name: /^Mark done / }));

      // Seen and heard in the dialog: the page behind it is hidden from the tree.
      await vi.waitFor(() => {
        expect(list.getByRole("status")).toHaveTextContent(`${BILL.title} is done.`);
      });
      // Past the card's other controls, as far as the dialog's foot.
      const undoButton = list.getByRole("button", { name: "Undo" });
      for (let presses = 0; presses < 10 && document.activeElement !== undoButton; presses++) {
        await user.tab();
      }
      expect(undoButton).toHaveFocus();
      await user.keyboard("{Enter}");
      await vi.waitFor(() => {
        expect(list.getByRole("status")).toHaveTextContent(`${BILL.title} is back to 11/21/2026.`);
      });
      expect(list.getByRole("status")).toHaveFocus();
      expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);

      // Closed, the notice is at the page's foot again.
      await user.keyboard("{Escape}");
      await vi.waitFor(() => {
        expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      });
      expect(screen.getByRole("status")).toHaveTextContent(`${BILL.title} is back to 11/21/2026.`);
    },
  );

  it("takes back only its own notice when a completion is refused after another task's", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open();
    const held = api.holdNext("POST", "/tasks/3/complete");
    await user.click(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / }));
    await notice(`${BILL.title} is done.`);
    await user.click(row("Tasks", PASSPORT.title).getByRole("button", { name: /^Mark done / }));
    await notice(`${PASSPORT.title} is done. Next due 11/23/2027.`);

    held.release(json({ detail: "Database unavailable" }, 503));
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    expect(row("Tasks", BILL.title).getByRole("button", { name: /^Mark done / })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(
      `${PASSPORT.title} is done. Next due 11/23/2027.`,
    );
  });
});

describe("skipping a recurring task's date from its edit form (decisions D9)", () => {
  const daily = { ...BILL, frequency: "Daily" as const, repeats_from: BILL.due_date };

  it("moves it on at once, says so with an Undo that puts it back, and the history lists the skip", async () => {
    const api = await open(fakeApi({ tasks: [daily] }));
    let edit = await editTask(BILL.title);
    await user.click(edit.getByRole("button", { name: "Skip this time" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(card("Tasks").getByText("Due: 11/22/2026")).toBeVisible();
    const said = await screen.findByText(`${BILL.title} is skipped. Next due 11/22/2026.`);
    expect(said).toHaveAttribute("role", "status");
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-22T18:00:00Z", completed: false });
    });
    expect(api.callsTo("POST", "/tasks/3/skip").map((call) => call.body)).toEqual([
      { due_date: BILL.due_date },
    ]);

    // Its form says the date was skipped, and offers to undo the skip.
    edit = await editTask(BILL.title);
    const history = within(await edit.findByRole("region", { name: "Skipped before" }));
    expect(history.getByText("Skipped once")).toBeVisible();
    expect(edit.getByText("It moved on to this date when it was last skipped.")).toBeVisible();
    expect(edit.getByRole("button", { name: "Undo last skip" })).toBeVisible();
    await user.click(edit.getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText(`${BILL.title} is back to 11/21/2026.`)).toBeVisible();
    expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ due_date: "2026-11-21T18:00:00Z" });
    });
    expect(api.callsTo("POST", "/tasks/3/uncomplete")).toHaveLength(1);
  });

  it("puts the task back, takes its notice away and says why when the API refuses the skip", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open(fakeApi({ tasks: [daily] }));
    const refusal = "This task's next occurrence would be after the year 9999";
    api.answerNext("POST", "/tasks/3/skip", () => json({ detail: refusal }, 409));
    const edit = await editTask(BILL.title);
    await user.click(edit.getByRole("button", { name: "Skip this time" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(card("Tasks").getByText("Due: 11/21/2026")).toBeVisible();
    expect(screen.queryByText(/is skipped/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    expect(api.tasks[0]).toMatchObject({ due_date: BILL.due_date });
  });

  it("reads the history after a skip still on its way, so its Undo is named after the skip", async () => {
    const api = await open(fakeApi({ tasks: [daily] }));
    await markDoneUntilDue("11/22/2026");
    const held = api.holdNext("POST", "/tasks/3/skip");
    await user.click((await editTask(BILL.title)).getByRole("button", { name: "Skip this time" }));
    const edit = await editTask(BILL.title);
    // Not known yet: the history waits for the skip's answer.
    expect(edit.getByRole("button", { name: "Undo last completion or skip" })).toBeVisible();
    expect(api.callsTo("GET", "/tasks/3/completions")).toHaveLength(1);
    await act(async () => {
      held.release();
      await Promise.resolve();
    });
    expect(await edit.findByRole("button", { name: "Undo last skip" })).toBeVisible();
    expect(edit.getByText("Marked done once, skipped once")).toBeVisible();
  });

  it("asks before a skip closes a form holding something typed, and skips once discarded", async () => {
    const api = await open(fakeApi({ tasks: [daily] }));
    const edit = await editTask(BILL.title);
    await user.type(edit.getByLabelText("Task Title"), " now");
    await user.click(edit.getByRole("button", { name: "Skip this time" }));
    const question = within(
      await screen.findByRole("alertdialog", { name: "Discard what you typed?" }),
    );
    await user.click(question.getByRole("button", { name: "Discard" }));
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ title: BILL.title, due_date: "2026-11-22T18:00:00Z" });
    });
    expect(card("Tasks").getByText("Due: 11/22/2026")).toBeVisible();
  });

  it("takes the skip away while the form says the task happens once", async () => {
    await open(fakeApi({ tasks: [daily] }));
    const edit = await editTask(BILL.title);
    await user.selectOptions(edit.getByLabelText("Frequency"), "Once");
    expect(edit.queryByRole("button", { name: "Skip this time" })).not.toBeInTheDocument();
    await user.selectOptions(edit.getByLabelText("Frequency"), "Daily");
    expect(edit.getByRole("button", { name: "Skip this time" })).toBeVisible();
  });

  it.each([
    ["a task that happens once", BILL],
    [
      "a done task since edited to repeat",
      { ...BILL, frequency: "Weekly" as const, completed: true },
    ],
  ])("offers no skip for %s", async (_, task) => {
    await open(fakeApi({ tasks: [task] }));
    const edit = await editTask(BILL.title);
    expect(edit.getByRole("button", { name: "Save changes" })).toBeVisible();
    expect(edit.queryByRole("button", { name: "Skip this time" })).not.toBeInTheDocument();
  });
});

describe("editing a task in the Add form in edit mode", () => {
  it("opens 'Edit task' prefilled from the task's name, sends only what changed, and shows it everywhere", async () => {
    const api = await open();
    await user.click(card("Priority Tasks").getByRole("button", { name: PASSPORT.title }));
    const dialog = within(await shownDialog("Edit task"));
    expect(dialog.getByLabelText("Task Title")).toHaveValue(PASSPORT.title);
    expect(dialog.getByLabelText("Due Date")).toHaveValue("2026-11-23");
    expect(dialog.getByLabelText("Time")).toHaveValue("14:30");
    expect(dialog.getByLabelText("Frequency")).toHaveValue("Yearly");
    expect(dialog.getByLabelText("Priority")).toHaveValue("High");
    expect(dialog.getByLabelText("Notes (Optional)")).toHaveValue("Photos first");
    expect(dialog.queryByRole("tab")).not.toBeInTheDocument();

    await user.clear(dialog.getByLabelText("Task Title"));
    await user.type(dialog.getByLabelText("Task Title"), "Renew passport and ID");
    await user.selectOptions(dialog.getByLabelText("Frequency"), "Once");
    await user.click(dialog.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(api.callsTo("PATCH", "/tasks/1")).toEqual([
      expect.objectContaining({ body: { title: "Renew passport and ID", frequency: "Once" } }),
    ]);
    expect(card("Priority Tasks").getByText("Renew passport and ID")).toBeVisible();
    expect(card("Upcoming Events").getByText("Renew passport and ID")).toBeVisible();
    // Focus back on the name that opened it.
    expect(
      card("Priority Tasks").getByRole("button", { name: "Renew passport and ID" }),
    ).toHaveFocus();
  });

  it("shows the API's refusal in the form, keeps what was typed, and puts the lists back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open();
    api.answerNext("PATCH", "/tasks/1", () =>
      json(
        { detail: [{ loc: ["body", "title"], msg: "Title is too long", type: "value_error" }] },
        422,
      ),
    );
    await user.click(card("Tasks").getByRole("button", { name: PASSPORT.title }));
    const dialog = within(await shownDialog("Edit task"));
    await user.type(dialog.getByLabelText("Task Title"), " now");
    await user.click(dialog.getByRole("button", { name: "Save changes" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("Title is too long");
    expect(dialog.getByLabelText("Task Title")).toHaveValue("Renew passport now");
    expect(card("Tasks", true).getByText(PASSPORT.title)).toBeInTheDocument();
    expect(card("Tasks", true).queryByText("Renew passport now")).not.toBeInTheDocument();
  });

  it("sends nothing when nothing changed", async () => {
    const api = await open();
    await user.click(card("Tasks").getByRole("button", { name: PASSPORT.title }));
    const dialog = within(await shownDialog("Edit task"));
    await user.click(dialog.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(api.callsTo("PATCH", "/tasks/1")).toEqual([]);
  });
});

describe("deleting, after a question", () => {
  it("asks first; Cancel keeps the task and sends nothing", async () => {
    const api = await open();
    await user.click(card("Tasks").getByRole("button", { name: PASSPORT.title }));
    const dialog = within(await shownDialog("Edit task"));
    await user.click(dialog.getByRole("button", { name: "Delete task" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Delete this task?" }));
    expect(screen.getByRole("alertdialog")).toHaveAccessibleDescription(
      `“${PASSPORT.title}” will be deleted. This cannot be undone.`,
    );
    await user.click(question.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit task" })).toBeVisible();
    expect(api.callsTo("DELETE", "/tasks/1")).toEqual([]);
  });

  it("deletes by keyboard alone: gone from every list at once, DELETE sent", async () => {
    const api = await open();
    card("Priority Tasks").getByRole("button", { name: PASSPORT.title }).focus();
    await user.keyboard("{Enter}");
    const dialog = within(await shownDialog("Edit task"));
    dialog.getByRole("button", { name: "Delete task" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("alertdialog", { name: "Delete this task?" });
    await vi.waitFor(() => {
      expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    });
    await user.tab();
    expect(screen.getByRole("button", { name: "Delete task" })).toHaveFocus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(screen.queryByText(PASSPORT.title)).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(api.callsTo("DELETE", "/tasks/1")).toHaveLength(1);
    });
    expect(api.tasks.map((task) => task.id)).toEqual([3, 2]);
  });

  it("puts a subscription back in its place with the API's message when the delete is refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open();
    api.answerNext("DELETE", "/subscriptions/7", () =>
      json({ detail: "Database unavailable" }, 503),
    );
    await user.click(card("Renewals Soon").getByRole("button", { name: "Netflix" }));
    const dialog = within(await shownDialog("Edit subscription"));
    await user.click(dialog.getByRole("button", { name: "Delete subscription" }));
    const question = within(
      await screen.findByRole("alertdialog", { name: "Delete this subscription?" }),
    );
    await user.click(question.getByRole("button", { name: "Delete subscription" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    const renewals = card("Renewals Soon").getAllByRole("listitem");
    expect(renewals.map((row) => row.textContent)).toEqual([
      "NetflixRenews today$12.99",
      "GymRenews in 1 day$30.00",
    ]);
    expect(api.subscriptions).toHaveLength(2);
  });
});

describe("subscriptions: edit, pause and resume, totals", () => {
  it("edits a subscription, keeping its priority, sending what changed", async () => {
    const api = await open();
    await user.click(card("Subscriptions").getByRole("button", { name: "Gym" }));
    const dialog = within(await shownDialog("Edit subscription"));
    expect(dialog.getByLabelText("Subscription Name")).toHaveValue("Gym");
    expect(dialog.getByLabelText("Cost")).toHaveValue("30.00");
    expect(dialog.getAllByLabelText("Frequency")[0]).toHaveValue("Monthly");
    expect(dialog.getByLabelText("Remind Me")).toHaveValue("1 day before");
    await user.clear(dialog.getByLabelText("Cost"));
    await user.type(dialog.getByLabelText("Cost"), "35");
    await user.click(dialog.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/subscriptions/8")).toEqual([
        expect.objectContaining({ body: { cost: 35 } }),
      ]);
    });
    expect(await card("Renewals Soon").findByText("$35.00")).toBeVisible();
  });

  it("keeps a paused subscription paused through an edit", async () => {
    const api = await open(fakeApi({ subscriptions: [{ ...GYM, active: false }] }));
    await user.click(card("Subscriptions").getByRole("button", { name: "Gym" }));
    const dialog = within(await shownDialog("Edit subscription"));
    await user.type(dialog.getByLabelText("Subscription Name"), " club");
    await user.click(dialog.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/subscriptions/8")).toEqual([
        expect.objectContaining({ body: { name: "Gym club" } }),
      ]);
    });
    expect(api.subscriptions[0]?.active).toBe(false);
  });

  it("keeps what the form cannot show as stored (a 5-day reminder, seconds) when other fields change", async () => {
    const api = await open(
      fakeApi({
        tasks: [{ ...PASSPORT, due_date: "2026-11-23T14:30:15Z" }],
        subscriptions: [{ ...GYM, remind_days_before: 5 }],
      }),
    );
    await user.click(card("Subscriptions").getByRole("button", { name: "Gym" }));
    const edit = within(await shownDialog("Edit subscription"));
    await user.type(edit.getByLabelText("Subscription Name"), " club");
    await user.click(edit.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/subscriptions/8")).toEqual([
        expect.objectContaining({ body: { name: "Gym club" } }),
      ]);
    });
    await vi.waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    await user.click(card("Tasks").getByRole("button", { name: PASSPORT.title }));
    const task = within(await shownDialog("Edit task"));
    await user.selectOptions(task.getByLabelText("Priority"), "Low");
    await user.click(task.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/tasks/1")).toEqual([
        expect.objectContaining({ body: { priority: "Low" } }),
      ]);
    });
  });

  it("pauses with the Active switch: paused in the lists, out of Renewals Soon, the agenda and the totals", async () => {
    const api = await open();
    await user.click(screen.getByRole("button", { name: "Manage Subscriptions" }));
    const dialog = screen.getByRole("dialog", { name: "All Subscriptions" });
    // 12.99 x 12 + 30 x 12 = 515.88 a year, 42.99 a month.
    expect(dialog).toHaveAccessibleDescription("$42.99 per month $515.88 per year 2 active");
    const [netflix] = within(dialog).getAllByRole("listitem") as [HTMLElement];
    const toggle = within(netflix).getByRole("switch", { name: /^Active / });
    await user.click(toggle);

    expect(toggle).not.toBeChecked();
    expect(netflix).toHaveTextContent("Next Renewal: Paused");
    expect(dialog).toHaveAccessibleDescription("$30.00 per month $360.00 per year 1 active");
    await vi.waitFor(() => {
      expect(api.callsTo("PATCH", "/subscriptions/7")).toEqual([
        expect.objectContaining({ body: { active: false } }),
      ]);
    });
    await user.keyboard("{Escape}");
    expect(card("Renewals Soon").queryByText("Netflix")).not.toBeInTheDocument();
    expect(card("Subscriptions").getByText("Monthly · Paused")).toBeVisible();
    expect(
      within(screen.getByRole("region", { name: "Next 7 days" })).queryByText("Netflix"),
    ).not.toBeInTheDocument();
  });

  it("resumes by keyboard, and puts the switch back when the API refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = await open(fakeApi({ subscriptions: [{ ...NETFLIX, active: false }] }));
    await user.click(screen.getByRole("button", { name: "View all subscriptions" }));
    const dialog = within(await shownDialog("All Subscriptions"));
    // A refusal of a change, not a 404: that one says the record is gone (record-deleted-elsewhere).
    api.answerNext("PATCH", "/subscriptions/7", () =>
      json({ detail: "The subscription could not be resumed" }, 409),
    );
    dialog.getByRole("switch", { name: /^Active / }).focus();
    await user.keyboard(" ");
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "The subscription could not be resumed",
    );
    expect(dialog.getByRole("switch", { name: /^Active / })).not.toBeChecked();

    dialog.getByRole("switch", { name: /^Active / }).focus();
    await user.keyboard(" ");
    await vi.waitFor(() => {
      expect(api.subscriptions[0]?.active).toBe(true);
    });
    expect(dialog.getByRole("switch", { name: /^Active / })).toBeChecked();
    expect(dialog.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("repeating every few weeks or months (decisions D9)", () => {
  it("adds a subscription every 3 months and says 'Every 3 months' in Subscriptions and All Subscriptions", async () => {
    await open(fakeApi());
    await user.click(screen.getByRole("button", { name: "Add Task/Event" }));
    const chooser = within(await shownDialog("What would you like to add?"));
    await user.click(chooser.getByRole("button", { name: /^Add Task/ }));
    const add = within(await shownDialog("Add New Task/Subscription"));
    await user.click(add.getByRole("tab", { name: "Subscription" }));
    await user.type(add.getByLabelText("Subscription Name"), "Water");
    await user.type(add.getByLabelText("Next renewal Date"), "2026-12-05");
    const [frequency] = add.getAllByLabelText("Frequency");
    if (!frequency) throw new Error("no Frequency");
    await user.selectOptions(frequency, "Monthly");
    await user.type(add.getByLabelText("Cost"), "90");
    const repeatEvery = add.getByRole("spinbutton", { name: "Repeat every" });
    await user.clear(repeatEvery);
    await user.type(repeatEvery, "3");
    expect(repeatEvery).toHaveAccessibleDescription("months");
    await user.click(add.getByRole("button", { name: "Add to Subscriptions" }));

    await vi.waitFor(() => {
      expect(card("Subscriptions").getByText(/^Every 3 months/)).toHaveTextContent(
        "Every 3 months · Next renewal: 12/5/2026",
      );
    });
    await user.click(screen.getByRole("button", { name: "View all subscriptions" }));
    const all = within(await shownDialog("All Subscriptions"));
    expect(all.getByText("Every 3 months")).toBeVisible();
  });

  it("moves a task every 2 weeks on by two weeks when marked done, at once and as the API does", async () => {
    const fortnightly = {
      ...BILL,
      frequency: "Weekly" as const,
      interval: 2,
      repeats_from: BILL.due_date,
    };
    const api = await open(fakeApi({ tasks: [fortnightly] }));
    const answer = api.holdNext("POST", "/tasks/3/complete");
    await user.click(card("Tasks").getByRole("button", { name: /^Mark done / }));
    // Shown before the API has answered: Saturday 21 November, 18:00, then 5 December.
    await vi.waitFor(() => {
      expect(card("Tasks").getByText("Due: 12/5/2026")).toBeVisible();
    });
    expect(await screen.findByText(`${BILL.title} is done. Next due 12/5/2026.`)).toBeVisible();
    await act(async () => {
      answer.release();
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(api.callsTo("POST", "/tasks/3/complete")).toHaveLength(1);
    });
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-12-05T18:00:00Z", completed: false });
    expect(card("Tasks").getByText("Due: 12/5/2026")).toBeVisible();
  });

  it("shows a task's schedule started again from its date once Repeat every changes", async () => {
    const weekly = { ...BILL, frequency: "Weekly" as const, repeats_from: BILL.due_date };
    const api = await open(fakeApi({ tasks: [weekly] }));
    await markDoneUntilDue("11/28/2026");
    const edit = await editTask(BILL.title);
    const repeatEvery = edit.getByRole("spinbutton", { name: "Repeat every" });
    await user.clear(repeatEvery);
    await user.type(repeatEvery, "2");
    await user.click(edit.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      expect(api.tasks[0]).toMatchObject({ interval: 2, repeats_from: "2026-11-28T18:00:00Z" });
    });
    // Every 2 weeks from 28 November (not from 21 November, where it started before).
    await markDoneUntilDue("12/12/2026");
    expect(api.tasks[0]).toMatchObject({ due_date: "2026-12-12T18:00:00Z", completed: false });
  });
});

describe("the buttons that open the lists (issue 18)", () => {
  it("Review Now opens All Tasks with the pending High tasks first", async () => {
    await open(
      fakeApi({
        tasks: [
          { ...PASSPORT, id: 10, title: "High done", completed: true },
          { ...DENTIST, id: 11, title: "Low pending", completed: false },
          { ...PASSPORT, id: 12, title: "High pending" },
        ],
      }),
    );
    await user.click(screen.getByRole("button", { name: "Review Now" }));
    const dialog = within(await shownDialog("All Tasks"));
    expect(dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "High pending",
      "High done",
      "Low pending",
    ]);
  });

  it("View all events opens the next 30 days with a Daily task on each day, its own day markable", async () => {
    await open(fakeApi({ tasks: [{ ...BILL, frequency: "Daily" }] }));
    await user.click(screen.getByRole("button", { name: "View all events" }));
    const dialog = within(await shownDialog("All Events"));
    expect(dialog.getAllByRole("heading", { level: 3 })).toHaveLength(30);
    expect(dialog.getAllByRole("button", { name: BILL.title })).toHaveLength(30);
    expect(dialog.getAllByRole("button", { name: /^Mark done / })).toHaveLength(1);
    // A repeat opens the task it repeats.
    const repeat = dialog.getAllByRole("button", { name: BILL.title }).at(5);
    if (!repeat) throw new Error("no sixth day");
    await user.click(repeat);
    expect(await shownDialog("Edit task")).toBeVisible();
  });
});
