import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { spyActions } from "../test/actions";
import { axeViolations } from "../test/axe";
import { NOW, makeSubscription, makeTask } from "../test/fixtures";
import { withLayout } from "../test/layout";
import { AllSubscriptionsModal } from "./all-subscriptions-modal";
import { AllTasksModal } from "./all-tasks-modal";

const TASKS = [
  makeTask({ title: "Book the dentist", category: "Health", priority: "High" }),
  makeTask({ title: "Tax the car", description: "V5C is in the blue folder" }),
  makeTask({ title: "Café rent", priority: "Low" }),
];

function allTasks(open = true, onClose = vi.fn(), tasks = TASKS) {
  return (
    <AllTasksModal
      now={NOW.getTime()}
      locale="en-GB"
      actions={spyActions()}
      open={open}
      onClose={onClose}
      tasks={tasks}
    />
  );
}

const dialog = () => screen.getByRole("dialog");
const searchField = () => within(dialog()).getByRole("searchbox", { name: "Search tasks" });
const titles = () =>
  within(dialog())
    .queryAllByRole("listitem")
    .map((card) => within(card).getByRole("heading").textContent);

describe("All Tasks' search", () => {
  it("shows only the tasks holding every word typed, and how many of all", async () => {
    render(allTasks());
    await userEvent.type(searchField(), "DENTIST");
    expect(searchField()).toHaveAccessibleDescription("1 of 3 tasks");
    expect(titles()).toEqual(["Book the dentist"]);

    await userEvent.clear(searchField());
    await userEvent.type(searchField(), "blue car");
    expect(titles()).toEqual(["Tax the car"]); // its notes hold "blue"

    await userEvent.clear(searchField());
    await userEvent.type(searchField(), "health");
    expect(titles()).toEqual(["Book the dentist"]); // its category

    await userEvent.clear(searchField());
    await userEvent.type(searchField(), "cafe");
    expect(titles()).toEqual(["Café rent"]);
  });

  it("says when nothing matches, in the person's words, and shows all again once cleared", async () => {
    render(allTasks());
    await userEvent.type(searchField(), "passport");
    expect(within(dialog()).getByText("No tasks match “passport”.")).toBeInTheDocument();
    expect(searchField()).toHaveAccessibleDescription("0 of 3 tasks");
    await userEvent.clear(searchField());
    expect(titles()).toEqual(["Book the dentist", "Tax the car", "Café rent"]);
    expect(searchField()).not.toHaveAttribute("aria-describedby");
  });

  it("clears the words on Escape and closes the dialog only on the next", async () => {
    const onClose = vi.fn();
    render(allTasks(true, onClose));
    await userEvent.type(searchField(), "tax");
    await userEvent.keyboard("{Escape}");
    expect(searchField()).toHaveValue("");
    expect(titles()).toHaveLength(3);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("opens on the list, not the field, and with no words from the last opening", async () => {
    const { rerender } = render(allTasks());
    expect(within(dialog()).getByRole("region", { name: "All Tasks" })).toHaveFocus();
    await userEvent.type(searchField(), "tax");
    rerender(allTasks(false));
    rerender(allTasks(true));
    expect(searchField()).toHaveValue("");
    expect(titles()).toHaveLength(3);
  });

  it("takes the person to the search on '/', from the list; in the field, '/' is typed", async () => {
    render(allTasks());
    expect(within(dialog()).getByRole("region", { name: "All Tasks" })).toHaveFocus();
    await userEvent.keyboard("/");
    expect(searchField()).toHaveFocus();
    expect(searchField()).toHaveValue("");
    await userEvent.keyboard("a/b");
    expect(searchField()).toHaveValue("a/b");
  });

  it("offers no search of an empty list", () => {
    render(allTasks(true, vi.fn(), []));
    expect(within(dialog()).queryByRole("searchbox")).not.toBeInTheDocument();
    expect(within(dialog()).getByText("No tasks available")).toBeInTheDocument();
  });

  it("has no accessibility violations with words typed", async () => {
    render(allTasks());
    await userEvent.type(searchField(), "tax");
    expect(await axeViolations()).toEqual([]);
  });
});

describe("All Tasks' search of 10,000 tasks", () => {
  withLayout();

  it("finds the one task named, placed as the only one of the list", async () => {
    const tasks = Array.from({ length: 10_000 }, (_, index) =>
      makeTask({ title: `Task ${String(index)}` }),
    );
    render(allTasks(true, vi.fn(), tasks));
    await userEvent.type(searchField(), "task 9876");
    expect(searchField()).toHaveAccessibleDescription("1 of 10,000 tasks");
    expect(titles()).toEqual(["Task 9876"]);
  });
});

describe("All Subscriptions' search", () => {
  it("finds subscriptions by their name and keeps the totals of every active one", async () => {
    render(
      <AllSubscriptionsModal
        open
        onClose={vi.fn()}
        today="2026-11-21"
        currency="GBP"
        locale="en-GB"
        actions={spyActions()}
        subscriptions={[
          makeSubscription({ name: "Netflix", cost: 10, frequency: "Monthly" }),
          makeSubscription({ name: "Spotify Family", cost: 5, frequency: "Monthly" }),
        ]}
      />,
    );
    const field = within(dialog()).getByRole("searchbox", { name: "Search subscriptions" });
    await userEvent.type(field, "spotify");
    expect(field).toHaveAccessibleDescription("1 of 2 subscriptions");
    expect(titles()).toEqual(["Spotify Family"]);
    expect(dialog()).toHaveTextContent("£15.00 per month");
  });
});
