import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../test/axe";
import { spyActions } from "../test/actions";
import { CURRENCY, LOCALE, NOW, TODAY, makeSubscription, makeTask } from "../test/fixtures";
import type { DashboardModal } from "./dashboard-modal";
import { DashboardView, type DashboardViewProps } from "./dashboard-view";

function props(overrides: Partial<DashboardViewProps> = {}): DashboardViewProps {
  return {
    user: { full_name: "Ada Lovelace" },
    tasks: [makeTask({ title: "File taxes", priority: "High" })],
    subscriptions: [makeSubscription({ name: "Netflix" })],
    today: TODAY,
    currency: CURRENCY,
    locale: LOCALE,
    view: "my",
    onViewChange: vi.fn(),
    onOpen: vi.fn(),
    actions: spyActions(),
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
      ["View all events", "all-events"],
    ];
    for (const [name, modal] of clicks) {
      await user.click(screen.getByRole("button", { name }));
      expect(p.onOpen).toHaveBeenLastCalledWith(modal);
    }
    expect(p.onOpen).toHaveBeenCalledTimes(clicks.length);
    await user.click(screen.getByRole("button", { name: "Family view" }));
    expect(p.onViewChange).toHaveBeenCalledWith("family");
  });

  it("offers every task's complete control and every record's edit wherever it is listed (issue 18)", async () => {
    const actions = spyActions();
    const p = props({
      tasks: [makeTask({ id: 41, title: "File taxes", priority: "High", frequency: "Once" })],
      subscriptions: [makeSubscription({ id: 42, name: "Netflix" })],
      actions,
    });
    render(<DashboardView {...p} />);
    const user = userEvent.setup();
    // Priority Tasks, Upcoming Events, the agenda and the Tasks summary.
    const done = screen.getAllByRole("button", { name: /^Mark done / });
    expect(done).toHaveLength(4);
    for (const button of done) await user.click(button);
    expect(actions.onTaskComplete.mock.calls).toEqual(Array(4).fill([41, true]));
    for (const button of screen.getAllByRole("button", { name: "File taxes" })) {
      await user.click(button);
    }
    expect(actions.onTaskEdit).toHaveBeenCalledTimes(4);
    // Upcoming Events, Renewals Soon, the agenda and the Subscriptions summary.
    const netflix = screen.getAllByRole("button", { name: "Netflix" });
    expect(netflix).toHaveLength(4);
    for (const button of netflix) await user.click(button);
    expect(actions.onSubscriptionEdit.mock.calls).toEqual(Array(4).fill([42]));
  });

  it("leaves a paused subscription out of Renewals Soon and the agenda, and says it is paused", () => {
    render(
      <DashboardView
        {...props({ subscriptions: [makeSubscription({ name: "Netflix", active: false })] })}
      />,
    );
    expect(screen.getByText("No upcoming renewals in the next 30 days")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Next 7 days" })).queryByText("Netflix"),
    ).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Subscriptions" })).getByText("Monthly · Paused"),
    ).toBeInTheDocument();
  });

  // decisions D6: Renewals Soon counts the person's days, from the today the agenda starts on.
  it("labels Renewals Soon by the agenda's today", () => {
    const subscriptions = [
      makeSubscription({ name: "Today's", next_renewal_date: "2026-11-30" }),
      makeSubscription({ name: "Tomorrow's", next_renewal_date: "2026-12-01" }),
    ];
    render(<DashboardView {...props({ today: "2026-11-30", subscriptions, tasks: [] })} />);
    const items = within(screen.getByRole("region", { name: "Renewals Soon" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.textContent)).toEqual([
      "Today'sRenews today$15.49",
      "Tomorrow'sRenews in 1 day$15.49",
    ]);
    // The agenda's today (its first day) has the renewal labelled "Renews today".
    const agendaToday = screen.getByRole("heading", { name: /^Today, / }).closest("li");
    expect(agendaToday).not.toBeNull();
    if (agendaToday) expect(within(agendaToday).getByText("Today's")).toBeInTheDocument();
  });

  // NOW is 09:00 on the person's today (Saturday 21 November 2026, in UTC).
  it("says which pending tasks are overdue at the person's now, in Priority Tasks and Tasks", () => {
    const tasks = [
      makeTask({ title: "Call the bank", priority: "High", due_date: "2026-11-21T08:30:00Z" }),
    ];
    render(<DashboardView {...props({ tasks, now: NOW.getTime() })} />);
    for (const name of ["Priority Tasks", "Tasks"]) {
      const row = within(screen.getByRole("region", { name })).getByRole("listitem");
      expect(row).toHaveTextContent("Overdue since 11/21/2026");
    }
  });

  it("without a now, calls overdue what was due before the person's today", () => {
    const tasks = [
      makeTask({ title: "Friday's", priority: "High", due_date: "2026-11-20T18:00:00Z" }),
      makeTask({ title: "This morning's", priority: "High", due_date: "2026-11-21T08:30:00Z" }),
    ];
    render(<DashboardView {...props({ tasks })} />);
    const rows = within(screen.getByRole("region", { name: "Priority Tasks" })).getAllByRole(
      "listitem",
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      "Friday'sWeekly · Overdue since 11/20/2026",
      "This morning'sWeekly · Due: 11/21/2026",
    ]);
  });

  it("shows a change the server refused above the cards", () => {
    render(<DashboardView {...props({ error: "Task not found" })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Task not found");
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

  it("has no accessibility violations with an overdue task", async () => {
    const tasks = [makeTask({ priority: "High", due_date: "2026-11-20T00:00:00Z" })];
    render(<DashboardView {...props({ tasks, now: NOW.getTime() })} />);
    expect(screen.getAllByText("Overdue since 11/20/2026")).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
  });

  it("has no accessibility violations when empty", async () => {
    render(<DashboardView {...props({ user: null, tasks: [], subscriptions: [] })} />);
    expect(await axeViolations()).toEqual([]);
  });
});
