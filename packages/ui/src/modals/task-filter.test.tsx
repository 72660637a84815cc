import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Task } from "@life-admin/domain";
import { describe, expect, it, vi } from "vitest";
import { spyActions } from "../test/actions";
import { axeViolations } from "../test/axe";
import { NOW, makeTask } from "../test/fixtures";
import { withLayout } from "../test/layout";
import { AllTasksModal } from "./all-tasks-modal";

const DONE_HIGH = makeTask({ title: "Send the form", priority: "High", completed: true });
const PENDING_MEDIUM = makeTask({ title: "Book the dentist", priority: "Medium" });
const PENDING_LOW = makeTask({ title: "Tax the car", priority: "Low" });
const TASKS = [DONE_HIGH, PENDING_MEDIUM, PENDING_LOW];

function allTasks(tasks: readonly Task[] = TASKS, open = true) {
  return (
    <AllTasksModal
      now={NOW.getTime()}
      actions={spyActions()}
      open={open}
      onClose={vi.fn()}
      tasks={tasks}
    />
  );
}

const dialog = () => screen.getByRole("dialog");
const choice = (name: RegExp) =>
  within(within(dialog()).getByRole("group", { name: "Show" })).getByRole("button", { name });
const titles = () =>
  within(dialog())
    .queryAllByRole("listitem")
    .map((card) => within(card).getByRole("heading").textContent);

describe("All Tasks' To do and Done", () => {
  it("opens on All, in the spec's order, each choice saying how many it holds", () => {
    render(allTasks());
    expect(choice(/^All 3$/)).toHaveAttribute("aria-pressed", "true");
    expect(choice(/^To do 2$/)).toHaveAttribute("aria-pressed", "false");
    expect(choice(/^Done 1$/)).toHaveAttribute("aria-pressed", "false");
    expect(titles()).toEqual(["Send the form", "Book the dentist", "Tax the car"]);
  });

  it("shows only what is left to do, or only what is done", async () => {
    render(allTasks());
    await userEvent.click(choice(/^To do/));
    expect(choice(/^To do/)).toHaveAttribute("aria-pressed", "true");
    expect(titles()).toEqual(["Book the dentist", "Tax the car"]);
    await userEvent.click(choice(/^Done/));
    expect(titles()).toEqual(["Send the form"]);
  });

  it("keeps a task marked done in To do, with its new state, until the next choice", async () => {
    const { rerender } = render(allTasks());
    await userEvent.click(choice(/^To do/));
    rerender(allTasks([DONE_HIGH, { ...PENDING_MEDIUM, completed: true }, PENDING_LOW]));
    expect(titles()).toEqual(["Book the dentist", "Tax the car"]);
    expect(choice(/^Done 2$/)).toBeInTheDocument();
    await userEvent.click(choice(/^All/));
    await userEvent.click(choice(/^To do/));
    expect(titles()).toEqual(["Tax the car"]);
  });

  it("starts on All again at the next opening (Review Now shows the pending High first)", async () => {
    const { rerender } = render(allTasks());
    await userEvent.click(choice(/^Done/));
    rerender(allTasks(TASKS, false));
    rerender(allTasks(TASKS, true));
    expect(choice(/^All/)).toHaveAttribute("aria-pressed", "true");
    expect(titles()).toHaveLength(3);
  });

  it("says why the list is empty: nothing left to do, or nothing done yet", async () => {
    const { unmount } = render(allTasks([DONE_HIGH]));
    await userEvent.click(choice(/^To do/));
    expect(within(dialog()).getByText("Nothing to do: every task is done.")).toBeInTheDocument();
    unmount();
    render(allTasks([PENDING_LOW]));
    await userEvent.click(choice(/^Done/));
    expect(within(dialog()).getByText("No task is done yet.")).toBeInTheDocument();
  });

  it("says when the words find a task only under the other choice, and where to see it", async () => {
    render(allTasks());
    await userEvent.click(choice(/^To do/));
    await userEvent.type(within(dialog()).getByRole("searchbox", { name: "Search tasks" }), "form");
    expect(
      within(dialog()).getByText(
        "No tasks to do match “form”. 1 other task does: choose All to see it.",
      ),
    ).toBeInTheDocument();
  });

  it("searches within the choice, counting of what it holds", async () => {
    render(allTasks());
    await userEvent.click(choice(/^To do/));
    const search = within(dialog()).getByRole("searchbox", { name: "Search tasks" });
    await userEvent.type(search, "the");
    expect(titles()).toEqual(["Book the dentist", "Tax the car"]);
    expect(search).toHaveAccessibleDescription("2 of 2 tasks");
  });

  it("has no accessibility violations with a choice made", async () => {
    render(allTasks());
    await userEvent.click(choice(/^Done/));
    expect(await axeViolations()).toEqual([]);
  });
});

describe("All Tasks' To do and Done over a long list", () => {
  withLayout();

  it("writes its counts as the person's locale does", () => {
    const many = Array.from({ length: 1_204 }, (_, n) => makeTask({ title: `Task ${String(n)}` }));
    render(
      <AllTasksModal
        now={NOW.getTime()}
        locale="de-DE"
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={many}
      />,
    );
    expect(choice(/^All/)).toHaveTextContent("All 1.204");
  });
});
