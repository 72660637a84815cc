import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE, makeTask } from "../test/fixtures";
import { withLayout } from "../test/layout";
import { AllTasksModal } from "./all-tasks-modal";

function cards() {
  return within(screen.getByRole("dialog", { name: "All Tasks" })).getAllByRole("listitem");
}

describe("AllTasksModal", () => {
  it("lists tasks High, then Medium, then Low", () => {
    render(
      <AllTasksModal
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
    render(
      <AllTasksModal
        open
        onClose={vi.fn()}
        locale={LOCALE}
        tasks={[
          makeTask({
            title: "Renew passport",
            priority: "High",
            description: "Photos first",
            due_date: "2026-12-03T00:00:00Z",
            category: "Travel",
            completed: true,
          }),
        ]}
      />,
    );
    const [card] = cards() as [HTMLElement];
    expect(within(card).getByRole("heading", { name: "Renew passport" })).toBeInTheDocument();
    expect(within(card).getByText("High Priority")).toBeInTheDocument();
    expect(within(card).getByText("Photos first")).toBeInTheDocument();
    expect(card).toHaveTextContent("Due Date: 12/3/2026");
    expect(card).toHaveTextContent("Category: Travel");
    expect(card).toHaveTextContent("Status: ✓ Completed");
  });

  it("leaves out description and category when there are none and shows a pending task", () => {
    render(<AllTasksModal open onClose={vi.fn()} tasks={[makeTask({ title: "Bare" })]} />);
    const [card] = cards() as [HTMLElement];
    expect(card).not.toHaveTextContent("Category");
    expect(card.querySelectorAll("p")).toHaveLength(2); // Due Date and Status only
    expect(card).toHaveTextContent("Status: ○ Pending");
  });

  it("says 'No tasks available' without tasks", () => {
    render(<AllTasksModal open onClose={vi.fn()} tasks={[]} />);
    expect(screen.getByText("No tasks available")).toBeInTheDocument();
  });

  it("has no accessibility violations", async () => {
    render(
      <AllTasksModal
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
    render(<AllTasksModal open onClose={vi.fn()} tasks={tasks} />);
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
