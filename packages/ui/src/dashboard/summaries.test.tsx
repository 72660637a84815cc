import type { Task } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CURRENCY, LOCALE, NOW, makeSubscription, makeTask } from "../test/fixtures";
import { SubscriptionsSummary } from "./subscriptions-summary";
import { SUMMARY_ROWS, TasksSummary } from "./tasks-summary";
import { spyActions } from "../test/actions";

const noop = () => undefined;
/** NOW on the person's wall clock: in UTC (the fixtures' zone) it is the instant itself. */
const WALL_NOW = NOW.getTime();

/** The Tasks card's rows as read, drawn from `tasks` at WALL_NOW. */
function taskRowsOf(tasks: Task[]): (string | null)[] {
  render(
    <TasksSummary
      now={WALL_NOW}
      actions={spyActions()}
      locale={LOCALE}
      onViewAll={noop}
      tasks={tasks}
    />,
  );
  const card = within(screen.getByRole("region", { name: "Tasks" }));
  return card.getAllByRole("listitem").map((item) => item.textContent);
}

describe("TasksSummary", () => {
  it("shows tasks in the All Tasks order with 'Due: {date}' and their priority's mark", () => {
    expect(
      taskRowsOf([
        makeTask({ title: "Low one", priority: "Low", due_date: "2026-11-25T00:00:00Z" }),
        makeTask({ title: "High one", priority: "High", due_date: "2026-12-02T18:00:00Z" }),
      ]),
    ).toEqual([
      "High priority task: High oneWeekly · Due: 12/2/2026",
      "Low priority task: Low oneWeekly · Due: 11/25/2026",
    ]);
  });

  it("says how often a recurring task comes back before its date, and nothing of a task that happens once", () => {
    expect(
      taskRowsOf([
        makeTask({
          title: "Bins",
          frequency: "Weekly",
          interval: 2,
          due_date: "2026-11-23T07:00:00Z",
        }),
        makeTask({ title: "Passport", frequency: "Once", due_date: "2026-11-24T00:00:00Z" }),
        makeTask({ title: "Rent", frequency: "Monthly", due_date: "2026-11-19T00:00:00Z" }),
      ]),
    ).toEqual([
      "Medium priority task: BinsEvery 2 weeks · Due: 11/23/2026",
      "Medium priority task: PassportDue: 11/24/2026",
      "Medium priority task: RentMonthly · Overdue since 11/19/2026",
    ]);
  });

  it("says until when a series with an end repeats, and 'Ended' in place of the date once it has", () => {
    expect(
      taskRowsOf([
        makeTask({
          title: "Pills",
          frequency: "Daily",
          repeat_until: "2026-11-30",
          due_date: "2026-11-22T08:00:00Z",
        }),
        makeTask({
          title: "Lease",
          frequency: "Monthly",
          repeat_until: "2026-11-30",
          due_date: "2026-12-01T00:00:00Z",
          completed: true,
        }),
      ]),
    ).toEqual([
      "Medium priority task: PillsDaily until 11/30/2026 · Due: 11/22/2026",
      "Medium priority task: LeaseMonthly until 11/30/2026 · Ended",
    ]);
  });

  it("says 'Overdue since {date}' of a pending task whose due day has ended, not of a done one", () => {
    expect(
      taskRowsOf([
        makeTask({ title: "Late", priority: "High", due_date: "2026-11-19T00:00:00Z" }),
        makeTask({
          title: "Done",
          priority: "Medium",
          due_date: "2026-11-19T00:00:00Z",
          completed: true,
        }),
        makeTask({ title: "Soon", priority: "Low", due_date: "2026-11-22T10:00:00Z" }),
      ]),
    ).toEqual([
      "High priority task: LateWeekly · Overdue since 11/19/2026",
      "Medium priority task: DoneWeekly · Due: 11/19/2026",
      "Low priority task: SoonWeekly · Due: 11/22/2026",
    ]);
  });

  it("shows the date the user typed in every time zone (UTC display)", () => {
    render(
      <TasksSummary
        now={WALL_NOW}
        actions={spyActions()}
        locale="en-GB"
        onViewAll={noop}
        tasks={[makeTask({ due_date: "2027-01-31T00:00:00Z" })]}
      />,
    );
    expect(screen.getByText("Due: 31/01/2027")).toBeInTheDocument();
  });

  it("shows a few tasks at most", () => {
    render(
      <TasksSummary
        now={WALL_NOW}
        actions={spyActions()}
        onViewAll={noop}
        tasks={Array.from({ length: SUMMARY_ROWS + 4 }, () => makeTask())}
      />,
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(SUMMARY_ROWS);
  });

  it("says so when there are no tasks", () => {
    render(<TasksSummary now={WALL_NOW} actions={spyActions()} onViewAll={noop} tasks={[]} />);
    expect(screen.getByText("No tasks available")).toBeInTheDocument();
  });

  it("opens All Tasks from View all tasks", async () => {
    const onViewAll = vi.fn();
    render(<TasksSummary now={WALL_NOW} actions={spyActions()} onViewAll={onViewAll} tasks={[]} />);
    await userEvent.click(screen.getByRole("button", { name: "View all tasks" }));
    expect(onViewAll).toHaveBeenCalledOnce();
  });
});

describe("SubscriptionsSummary", () => {
  it("shows subscriptions by next renewal with frequency, date and cost", () => {
    render(
      <SubscriptionsSummary
        actions={spyActions()}
        currency={CURRENCY}
        locale={LOCALE}
        onViewAll={noop}
        subscriptions={[
          makeSubscription({
            name: "Gym",
            next_renewal_date: "2027-01-10",
            cost: 30,
            frequency: "Yearly",
          }),
          makeSubscription({ name: "Netflix", next_renewal_date: "2026-12-01", cost: 15.49 }),
        ]}
      />,
    );
    const items = within(screen.getByRole("region", { name: "Subscriptions" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.textContent)).toEqual([
      "NetflixMonthly · Next renewal: 12/1/2026$15.49",
      "GymYearly · Next renewal: 1/10/2027$30.00",
    ]);
  });

  it("says how often one renews every few months: 'Every 3 months'", () => {
    render(
      <SubscriptionsSummary
        actions={spyActions()}
        currency={CURRENCY}
        locale={LOCALE}
        onViewAll={noop}
        subscriptions={[
          makeSubscription({ name: "Water", next_renewal_date: "2026-12-01", interval: 3 }),
        ]}
      />,
    );
    expect(
      within(screen.getByRole("region", { name: "Subscriptions" })).getByRole("listitem"),
    ).toHaveTextContent("WaterEvery 3 months · Next renewal: 12/1/2026$15.49");
  });

  it("writes each cost in the person's currency, as their locale does (issue 22)", () => {
    render(
      <SubscriptionsSummary
        actions={spyActions()}
        currency="EUR"
        locale="de-DE"
        onViewAll={noop}
        subscriptions={[makeSubscription({ name: "Netflix", cost: 1234.5 })]}
      />,
    );
    const region = within(screen.getByRole("region", { name: "Subscriptions" }));
    expect(region.getByRole("listitem").textContent).toMatch(/1\.234,50\s€$/u);
  });

  it("says so when there are no subscriptions", () => {
    render(
      <SubscriptionsSummary
        actions={spyActions()}
        currency={CURRENCY}
        onViewAll={noop}
        subscriptions={[]}
      />,
    );
    expect(screen.getByText("No subscriptions available")).toBeInTheDocument();
  });

  it("opens All Subscriptions from View all subscriptions", async () => {
    const onViewAll = vi.fn();
    render(
      <SubscriptionsSummary
        actions={spyActions()}
        currency={CURRENCY}
        onViewAll={onViewAll}
        subscriptions={[]}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "View all subscriptions" }));
    expect(onViewAll).toHaveBeenCalledOnce();
  });
});
