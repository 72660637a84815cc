import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LOCALE, NOW, makeTask } from "../test/fixtures";
import { PRIORITY_TASKS_SHOWN, PriorityTasksCard } from "./priority-tasks-card";
import { spyActions } from "../test/actions";

const noop = () => undefined;
/** NOW on the person's wall clock: in UTC (the fixtures' zone) it is the instant itself. */
const WALL_NOW = NOW.getTime();

function card() {
  return screen.getByRole("region", { name: "Priority Tasks" });
}

describe("PriorityTasksCard", () => {
  it("lists only the tasks of priority High, with their due date", () => {
    render(
      <PriorityTasksCard
        now={WALL_NOW}
        actions={spyActions()}
        locale={LOCALE}
        onReview={noop}
        tasks={[
          makeTask({ title: "File taxes", priority: "High", due_date: "2026-11-30T00:00:00Z" }),
          makeTask({ title: "Buy milk", priority: "Medium" }),
          makeTask({ title: "Call the bank", priority: "High", due_date: "2026-12-01T09:30:00Z" }),
          makeTask({ title: "Tidy the shed", priority: "Low" }),
        ]}
      />,
    );
    const items = within(card()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "File taxesWeekly · Due: 11/30/2026",
      "Call the bankWeekly · Due: 12/1/2026",
    ]);
  });

  it("says 'Overdue since {date}' of a pending task whose due moment has passed", () => {
    // NOW is Saturday 21 November 2026, 09:00 UTC.
    render(
      <PriorityTasksCard
        now={WALL_NOW}
        actions={spyActions()}
        locale={LOCALE}
        onReview={noop}
        tasks={[
          makeTask({ title: "Yesterday's", priority: "High", due_date: "2026-11-20T00:00:00Z" }),
          makeTask({ title: "At 08:30", priority: "High", due_date: "2026-11-21T08:30:00Z" }),
          makeTask({ title: "Today's", priority: "High", due_date: "2026-11-21T00:00:00Z" }),
          makeTask({ title: "At 09:00", priority: "High", due_date: "2026-11-21T09:00:00Z" }),
          makeTask({
            title: "Done late",
            priority: "High",
            due_date: "2026-11-20T00:00:00Z",
            completed: true,
          }),
        ]}
      />,
    );
    const items = within(card()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Yesterday'sWeekly · Overdue since 11/20/2026",
      "At 08:30Weekly · Overdue since 11/21/2026",
      // An all-day task is due all its day; a timed one is still due at its minute.
      "Today'sWeekly · Due: 11/21/2026",
      "At 09:00Weekly · Due: 11/21/2026",
      "Done lateWeekly · Due: 11/20/2026",
    ]);
  });

  it("counts the High tasks in its badge", () => {
    render(
      <PriorityTasksCard
        now={WALL_NOW}
        actions={spyActions()}
        onReview={noop}
        tasks={[
          makeTask({ priority: "High" }),
          makeTask({ priority: "High" }),
          makeTask({ priority: "High" }),
          makeTask({ priority: "Low" }),
        ]}
      />,
    );
    // Seen, the number; heard after the heading, what it counts.
    expect(within(card()).getByText("3")).toHaveAttribute("aria-hidden", "true");
    expect(within(card()).getByText("3 high priority tasks")).toBeInTheDocument();
  });

  it("shows at most a few rows while the badge counts them all", () => {
    const many = Array.from({ length: PRIORITY_TASKS_SHOWN + 2 }, () =>
      makeTask({ priority: "High" }),
    );
    render(
      <PriorityTasksCard now={WALL_NOW} actions={spyActions()} onReview={noop} tasks={many} />,
    );
    expect(within(card()).getAllByRole("listitem")).toHaveLength(PRIORITY_TASKS_SHOWN);
    expect(within(card()).getByText(String(PRIORITY_TASKS_SHOWN + 2))).toBeInTheDocument();
  });

  it("says so when there are no High tasks, with a count of 0", () => {
    render(
      <PriorityTasksCard
        now={WALL_NOW}
        actions={spyActions()}
        onReview={noop}
        tasks={[makeTask({ priority: "Medium" })]}
      />,
    );
    expect(within(card()).getByText("No high priority tasks at the moment")).toBeInTheDocument();
    expect(within(card()).getByText("0")).toBeInTheDocument();
    expect(within(card()).queryByRole("list")).not.toBeInTheDocument();
  });

  it("calls back from Review Now >", async () => {
    const onReview = vi.fn();
    render(
      <PriorityTasksCard now={WALL_NOW} actions={spyActions()} onReview={onReview} tasks={[]} />,
    );
    const button = within(card()).getByRole("button", { name: "Review Now" });
    expect(button).toHaveTextContent("Review Now >");
    await userEvent.click(button);
    expect(onReview).toHaveBeenCalledOnce();
  });
});
