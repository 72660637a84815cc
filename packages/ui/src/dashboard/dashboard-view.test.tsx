import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { LOCALE, NOW, TIME_ZONE, makeSubscription, makeTask } from "../test/fixtures";
import type { DashboardModal } from "./dashboard-modal";
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
    onOpen: vi.fn(),
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

  it("asks for the modal each button opens", async () => {
    const p = props();
    render(<DashboardView {...p} />);
    const user = userEvent.setup();
    const clicks: [string, DashboardModal][] = [
      ["Add Task/Event", "add-choice"],
      ["Upload File", "upload"],
      ["Review Now", "all-tasks"],
      ["Manage Subscriptions", "all-subscriptions"],
      ["View all tasks", "all-tasks"],
      ["View all subscriptions", "all-subscriptions"],
    ];
    for (const [name, modal] of clicks) {
      await user.click(screen.getByRole("button", { name }));
      expect(p.onOpen).toHaveBeenLastCalledWith(modal);
    }
    expect(p.onOpen).toHaveBeenCalledTimes(clicks.length);
    await user.click(screen.getByRole("button", { name: "Family view" }));
    expect(p.onViewChange).toHaveBeenCalledWith("family");
  });

  it("brings the agenda into view and focuses it for View all events", async () => {
    const p = props();
    render(<DashboardView {...p} />);
    const agenda = screen.getByRole("region", { name: "Next 7 days" });
    const scrollIntoView = vi.fn();
    agenda.scrollIntoView = scrollIntoView;
    await userEvent.click(screen.getByRole("button", { name: "View all events" }));
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "center" });
    expect(agenda).toHaveFocus();
    expect(p.onOpen).not.toHaveBeenCalled();
  });

  it("shows the same next events in Upcoming Events as on the agenda", () => {
    render(<DashboardView {...props()} />);
    const upcoming = within(screen.getByRole("region", { name: "Upcoming Events" }));
    const agenda = within(screen.getByRole("region", { name: "Next 7 days" }));
    for (const title of ["File taxes", "Netflix"]) {
      expect(upcoming.getByText(title)).toBeInTheDocument();
      expect(agenda.getByText(title)).toBeInTheDocument();
    }
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
