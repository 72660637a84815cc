// decisions D9: a task's history in its edit form: nothing for a task never marked done; how many
// times in all; each completion when it was marked done on the person's clock, and the date it
// closed as typed (with its time when it had one); how many more are older than those listed; a
// skipped occurrence said to be skipped, and counted apart.
import type { TaskHistory, TaskHistoryEntry } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../test/axe";
import { TaskHistoryList } from "./task-history";

const TWO: TaskHistory = {
  total: 2,
  skips: 0,
  completions: [
    // Marked done 23:30 UTC on 29 Nov: 30 Nov in Auckland; it closed the all-day 29 Nov.
    { due_date: "2026-11-29T00:00:00Z", completed_at: "2026-11-29T23:30:00Z", skipped: false },
    { due_date: "2026-11-22T09:30:00Z", completed_at: "2026-11-22T10:05:00Z", skipped: false },
  ],
};

const entries = (heading = "Done before") =>
  within(screen.getByRole("region", { name: heading }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("TaskHistoryList", () => {
  it("shows nothing for a task never marked done", () => {
    const { container } = render(
      <TaskHistoryList
        history={{ total: 0, skips: 0, completions: [] }}
        locale="en-GB"
        timeZone="UTC"
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("lists each completion newest first, when it was done on the person's clock and the date it closed", async () => {
    const { container } = render(
      <TaskHistoryList history={TWO} locale="en-GB" timeZone="Pacific/Auckland" />,
    );
    expect(screen.getByText("Marked done 2 times")).toBeVisible();
    expect(entries()).toEqual([
      "Mon, 30 Nov 2026, 12:30 · due Sun, 29 Nov 2026",
      "Sun, 22 Nov 2026, 23:05 · due Sun, 22 Nov 2026, 9:30",
    ]);
    expect(screen.getAllByRole("listitem")[0]?.querySelector("time")).toHaveAttribute(
      "datetime",
      "2026-11-29T23:30:00Z",
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it("says once, and how many older ones are not listed, in the person's number format", () => {
    const { rerender } = render(
      <TaskHistoryList
        history={{ total: 1, skips: 0, completions: TWO.completions.slice(1) }}
        locale="en-US"
        timeZone="UTC"
      />,
    );
    expect(screen.getByText("Marked done once")).toBeVisible();
    expect(screen.queryByText(/earlier/)).toBeNull();
    rerender(<TaskHistoryList history={{ ...TWO, total: 1204 }} locale="de-DE" timeZone="UTC" />);
    expect(screen.getByText("Marked done 1.204 times")).toBeVisible();
    expect(screen.getByText("and 1.202 earlier")).toBeVisible();
  });

  it("says which were skipped, and counts them apart from those marked done", async () => {
    const [newer, older] = TWO.completions as [TaskHistoryEntry, TaskHistoryEntry];
    const { container, rerender } = render(
      <TaskHistoryList
        history={{ total: 3, skips: 1, completions: [{ ...newer, skipped: true }, older] }}
        locale="en-GB"
        timeZone="UTC"
      />,
    );
    expect(screen.getByText("Marked done 2 times, skipped once")).toBeVisible();
    expect(entries("Done or skipped before")).toEqual([
      "Sun, 29 Nov 2026, 23:30 · skipped, due Sun, 29 Nov 2026",
      "Sun, 22 Nov 2026, 10:05 · due Sun, 22 Nov 2026, 9:30",
    ]);
    expect(await axeViolations(container)).toEqual([]);
    rerender(
      <TaskHistoryList
        history={{ total: 2, skips: 2, completions: [{ ...newer, skipped: true }] }}
        locale="en-GB"
        timeZone="UTC"
      />,
    );
    expect(screen.getByText("Skipped 2 times")).toBeVisible();
    expect(entries("Skipped before")).toHaveLength(1);
  });
});
