import type { Task } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE, NOW, makeTask } from "../test/fixtures";
import { withLayout } from "../test/layout";
import { AllTasksModal } from "./all-tasks-modal";
import { spyActions } from "../test/actions";

/** All Tasks open over `tasks`, in the fixtures' locale. */
function showAllTasks(tasks: Task[]) {
  render(
    <AllTasksModal
      now={NOW.getTime()}
      actions={spyActions()}
      open
      onClose={vi.fn()}
      locale={LOCALE}
      tasks={tasks}
    />,
  );
}

function cards() {
  return within(screen.getByRole("dialog", { name: "All Tasks" })).getAllByRole("listitem");
}

describe("AllTasksModal", () => {
  it("lists tasks High, then Medium, then Low", () => {
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[
          makeTask({ title: "Low A", priority: "Low" }),
          makeTask({ title: "High A", priority: "High" }),
          makeTask({ title: "Medium A", priority: "Medium" }),
          makeTask({ title: "High B", priority: "High" }),
        ]}
      />,
    );
    expect(cards().map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "High A",
      "High B",
      "Medium A",
      "Low A",
    ]);
  });

  it("shows title, priority badge, description, due date, category and status", () => {
    showAllTasks([
      makeTask({
        title: "Renew passport",
        priority: "High",
        description: "Photos first",
        due_date: "2026-12-03T00:00:00Z",
        category: "Travel",
        completed: true,
      }),
    ]);
    const [card] = cards() as [HTMLElement];
    expect(within(card).getByRole("heading", { name: "Renew passport" })).toBeInTheDocument();
    expect(within(card).getByText("High Priority")).toBeInTheDocument();
    expect(within(card).getByText("Photos first")).toBeInTheDocument();
    expect(card).toHaveTextContent("Due Date: 12/3/2026");
    expect(card).toHaveTextContent("Category: Travel");
    expect(card).toHaveTextContent("Status: ✓ Completed");
  });

  it("says how often a recurring task repeats, and nothing for one that happens once", () => {
    showAllTasks([
      makeTask({ id: 1, title: "Bins", frequency: "Weekly", interval: 2 }),
      makeTask({ id: 2, title: "Water", frequency: "Daily" }),
      makeTask({ id: 3, title: "Passport", frequency: "Once" }),
    ]);
    const repeats = cards().map((card) => /Repeats: [^S]*/.exec(card.textContent)?.[0] ?? null);
    expect(repeats).toEqual(["Repeats: Every 2 weeks", "Repeats: Daily", null]);
  });

  it("says until when a series repeats, and that an ended one has no date left", () => {
    showAllTasks([
      makeTask({
        title: "Lease",
        frequency: "Monthly",
        repeat_until: "2026-11-30",
        due_date: "2026-12-01T00:00:00Z",
        completed: true,
      }),
    ]);
    const [card] = cards() as [HTMLElement];
    expect(card).toHaveTextContent("Due Date: Ended");
    expect(card).toHaveTextContent("Repeats: Monthly until 11/30/2026");
    expect(card).toHaveTextContent("Status: ✓ Completed");
  });

  it("leaves out description and category when there are none and shows a pending task", () => {
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[makeTask({ title: "Bare", frequency: "Once" })]}
      />,
    );
    const [card] = cards() as [HTMLElement];
    expect(card).not.toHaveTextContent("Category");
    expect(card.querySelectorAll("p")).toHaveLength(2); // Due Date and Status only
    expect(card).toHaveTextContent("Status: ○ Pending");
  });

  it("says a pending task whose due moment has passed is overdue, and a completed late one completed", () => {
    // Now: 21 November, 09:00 (the person's wall clock).
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[
          makeTask({ title: "Late", priority: "High", due_date: "2026-11-21T08:30:00Z" }),
          makeTask({ title: "Today", priority: "High", due_date: "2026-11-21T00:00:00Z" }),
          makeTask({
            title: "Done late",
            priority: "Low",
            due_date: "2026-11-20T08:30:00Z",
            completed: true,
          }),
        ]}
      />,
    );
    const status = (title: string) =>
      cards().find((card) => within(card).queryByRole("heading", { name: title }));
    expect(status("Late")).toHaveTextContent("Status: ! Overdue");
    // An all-day task is due all its day.
    expect(status("Today")).toHaveTextContent("Status: ○ Pending");
    expect(status("Done late")).toHaveTextContent("Status: ✓ Completed");
  });

  it("marks a task done or not done and opens it from its name, by keyboard too (issue 18)", async () => {
    const actions = spyActions();
    const pending = makeTask({ title: "Pay rent", priority: "High" });
    const done = makeTask({ title: "Book flights", priority: "Low", completed: true });
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={actions}
        open
        onClose={vi.fn()}
        tasks={[done, pending]}
      />,
    );
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    const user = userEvent.setup();
    await user.click(within(first).getByRole("button", { name: /^Mark done / }));
    expect(actions.onTaskComplete).toHaveBeenLastCalledWith(pending.id, true);
    within(second)
      .getByRole("button", { name: /^Mark not done / })
      .focus();
    await user.keyboard("{Enter}");
    expect(actions.onTaskComplete).toHaveBeenLastCalledWith(done.id, false);
    within(second).getByRole("button", { name: "Book flights" }).focus();
    await user.keyboard("{Enter}");
    expect(actions.onTaskEdit).toHaveBeenCalledWith(done.id);
  });

  it("offers each task as an .ics download when the app gives the action (issue 19)", async () => {
    const onTaskDownload = vi.fn();
    const task = makeTask({ title: "Renew passport" });
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={{ ...spyActions(), onTaskDownload }}
        open
        onClose={vi.fn()}
        tasks={[task]}
      />,
    );
    // Named with its task, so that it is understood in a list of the page's buttons.
    const download = screen.getByRole("button", { name: "Download .ics for Renew passport" });
    await userEvent.click(download);
    expect(onTaskDownload).toHaveBeenCalledWith(task.id);
  });

  it("offers no download without the action", () => {
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[makeTask({})]}
      />,
    );
    expect(screen.queryByRole("button", { name: /^Download \.ics/ })).not.toBeInTheDocument();
  });

  it("shows the pending High tasks first, and keeps a task's place while open after it is marked done (Review Now)", () => {
    const a = makeTask({ title: "High done", priority: "High", completed: true });
    const b = makeTask({ title: "High pending", priority: "High" });
    const c = makeTask({ title: "Medium", priority: "Medium" });
    const { rerender } = render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[a, b, c]}
      />,
    );
    const titles = () => cards().map((card) => within(card).getByRole("heading").textContent);
    expect(titles()).toEqual(["High pending", "High done", "Medium"]);
    rerender(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[a, { ...b, completed: true }, c]}
      />,
    );
    expect(titles()).toEqual(["High pending", "High done", "Medium"]);
    expect(cards()[0]).toHaveTextContent("✓ Completed");
  });

  it("shows a change the server refused under its title", () => {
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[makeTask()]}
        error="Task not found"
      />,
    );
    expect(
      within(screen.getByRole("dialog", { name: "All Tasks" })).getByRole("alert"),
    ).toHaveTextContent("Task not found");
  });

  it("says 'No tasks available' without tasks", () => {
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[]}
      />,
    );
    expect(screen.getByText("No tasks available")).toBeInTheDocument();
  });

  it("has no accessibility violations", async () => {
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={[makeTask({ description: "d", category: "c" })]}
      />,
    );
    expect(await axeViolations()).toEqual([]);
  });
});

describe("AllTasksModal with 10,000 tasks", () => {
  withLayout();

  it("renders only the first few cards, the High tasks first, each placed in the whole list", () => {
    const priorities = ["Low", "Medium", "High"] as const;
    const tasks = Array.from({ length: 10_000 }, (_, index) =>
      makeTask({ title: `Task ${String(index)}`, priority: priorities[index % 3] }),
    );
    render(
      <AllTasksModal
        now={NOW.getTime()}
        actions={spyActions()}
        open
        onClose={vi.fn()}
        tasks={tasks}
      />,
    );
    expect(cards().map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Task 2",
      "Task 5",
      "Task 8",
      "Task 11",
      "Task 14",
    ]);
    expect(cards()[0]).toHaveAttribute("aria-posinset", "1");
    expect(cards()[0]).toHaveAttribute("aria-setsize", "10000");
  });
});
