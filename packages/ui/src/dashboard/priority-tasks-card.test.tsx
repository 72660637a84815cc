import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LOCALE, makeTask } from "../test/fixtures";
import { PRIORITY_TASKS_SHOWN, PriorityTasksCard } from "./priority-tasks-card";
import { spyActions } from "../test/actions";

const noop = () => undefined;

function card() {
  return screen.getByRole("region", { name: "Priority Tasks" });
}

describe("PriorityTasksCard", () => {
  it("lists only the tasks of priority High, with their due date", () => {
    render(
      <PriorityTasksCard
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
      "File taxesDue: 11/30/2026",
      "Call the bankDue: 12/1/2026",
    ]);
  });

  it("counts the High tasks in its badge", () => {
    render(
      <PriorityTasksCard
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
    expect(within(card()).getByText("3")).toBeInTheDocument();
  });

  it("shows at most a few rows while the badge counts them all", () => {
    const many = Array.from({ length: PRIORITY_TASKS_SHOWN + 2 }, () =>
      makeTask({ priority: "High" }),
    );
    render(<PriorityTasksCard actions={spyActions()} onReview={noop} tasks={many} />);
    expect(within(card()).getAllByRole("listitem")).toHaveLength(PRIORITY_TASKS_SHOWN);
    expect(within(card()).getByText(String(PRIORITY_TASKS_SHOWN + 2))).toBeInTheDocument();
  });

  it("says so when there are no High tasks, with a count of 0", () => {
    render(
      <PriorityTasksCard
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
    render(<PriorityTasksCard actions={spyActions()} onReview={onReview} tasks={[]} />);
    const button = within(card()).getByRole("button", { name: "Review Now" });
    expect(button).toHaveTextContent("Review Now >");
    await userEvent.click(button);
    expect(onReview).toHaveBeenCalledOnce();
  });
});
