import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE, NOW, TIME_ZONE, makeSubscription, makeTask } from "../test/fixtures";
import { DashboardView, type DashboardViewProps } from "./dashboard-view";

function props(overrides: Partial<DashboardViewProps> = {}): DashboardViewProps {
  return {
    user: { full_name: "Ada Lovelace" },
    tasks: [makeTask({ title: "File taxes", priority: "High" })],
    subscriptions: [makeSubscription({ name: "Netflix" })],
    now: NOW,
    timeZone: TIME_ZONE,
    locale: LOCALE,
    view: "my",
    onViewChange: vi.fn(),
    onAdd: vi.fn(),
    onUpload: vi.fn(),
    onReviewPriorityTasks: vi.fn(),
    onViewAllEvents: vi.fn(),
    onManageSubscriptions: vi.fn(),
    onViewAllTasks: vi.fn(),
    onViewAllSubscriptions: vi.fn(),
    ...overrides,
  };
}

describe("DashboardView", () => {
  it("shows the header, the banner, the three cards, the agenda and the summary", () => {
    render(<DashboardView {...props()} />);
    expect(screen.getByRole("banner")).toHaveTextContent("Life Admin");
    expect(screen.getByRole("heading", { name: "Good Morning, Ada Lovelace" })).toBeInTheDocument();
    for (const name of [
      "Priority Tasks",
      "Upcoming Events",
      "Renewals Soon",
      "7-Day Agenda",
      "Tasks",
      "Subscriptions",
    ]) {
      expect(screen.getByRole("region", { name })).toBeInTheDocument();
    }
  });

  it("hands every button to its callback", async () => {
    const p = props();
    render(<DashboardView {...p} />);
    const user = userEvent.setup();
    const clicks: [string, unknown][] = [
      ["Add Task/Event", p.onAdd],
      ["Upload File", p.onUpload],
      ["Review Now", p.onReviewPriorityTasks],
      ["View all events", p.onViewAllEvents],
      ["Manage Subscriptions", p.onManageSubscriptions],
      ["View all tasks", p.onViewAllTasks],
      ["View all subscriptions", p.onViewAllSubscriptions],
    ];
    for (const [name, callback] of clicks) {
      await user.click(screen.getByRole("button", { name }));
      expect(callback).toHaveBeenCalledOnce();
    }
    await user.click(screen.getByRole("button", { name: "Family view" }));
    expect(p.onViewChange).toHaveBeenCalledWith("family");
  });

  it("renders the modals it is given", () => {
    render(
      <DashboardView {...props()}>
        <p>Modal slot</p>
      </DashboardView>,
    );
    expect(screen.getByText("Modal slot")).toBeInTheDocument();
  });

  it("has no accessibility violations", async () => {
    render(<DashboardView {...props()} />);
    expect(await axeViolations()).toEqual([]);
  });

  it("has no accessibility violations when empty", async () => {
    render(<DashboardView {...props({ user: null, tasks: [], subscriptions: [] })} />);
    expect(await axeViolations()).toEqual([]);
  });
});
