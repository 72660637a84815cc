import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { spyActions } from "../test/actions";
import { CURRENCY, LOCALE, NOW, makeSubscription, makeTask } from "../test/fixtures";
import { DashboardModals } from "./dashboard-modals";

describe("DashboardModals: the events view (issue 18)", () => {
  it("opens on the person's today and runs 30 days", () => {
    render(
      <DashboardModals
        now={NOW.getTime()}
        modal="all-events"
        onOpen={vi.fn()}
        onClose={vi.fn()}
        today="2026-11-22"
        currency={CURRENCY}
        locale={LOCALE}
        actions={spyActions()}
        tasks={[
          makeTask({ title: "Dentist", frequency: "Once", due_date: "2026-11-21T10:00:00Z" }),
        ]}
        subscriptions={[
          makeSubscription({ name: "Gym", frequency: "Yearly", next_renewal_date: "2026-12-21" }),
          makeSubscription({ name: "Later", frequency: "Yearly", next_renewal_date: "2026-12-22" }),
        ]}
      />,
    );
    const dialog = within(screen.getByRole("dialog", { name: "All Events" }));
    expect(dialog.queryByText("Dentist")).not.toBeInTheDocument();
    expect(dialog.getByRole("heading", { name: "Monday, December 21" })).toBeInTheDocument();
    expect(dialog.queryByText("Later")).not.toBeInTheDocument();
  });
});

describe("DashboardModals: All Subscriptions (decisions D6)", () => {
  it("labels renewals by the person's today", () => {
    const [today, tomorrow] = ["2026-11-29", "2026-11-30"];
    render(
      <DashboardModals
        now={NOW.getTime()}
        modal="all-subscriptions"
        onOpen={vi.fn()}
        onClose={vi.fn()}
        today={today}
        currency={CURRENCY}
        locale={LOCALE}
        actions={spyActions()}
        tasks={[]}
        subscriptions={[
          makeSubscription({ name: "Today's", next_renewal_date: today }),
          makeSubscription({ name: "Tomorrow's", next_renewal_date: tomorrow }),
        ]}
      />,
    );
    const cards = within(screen.getByRole("dialog", { name: "All Subscriptions" })).getAllByRole(
      "listitem",
    );
    expect(
      cards.map(
        (card) => /Next Renewal: \S+ (Today|Tomorrow|Expired|\d+ days)/.exec(card.textContent)?.[1],
      ),
    ).toEqual(["Today", "Tomorrow"]);
  });
});

describe("DashboardModals: the events view repeats from the schedule's anchor (decisions D9)", () => {
  it("puts a monthly task from 31 January on 31 March after 28 February, not on 28 March", () => {
    render(
      <DashboardModals
        now={NOW.getTime()}
        modal="all-events"
        onOpen={vi.fn()}
        onClose={vi.fn()}
        today="2026-02-27"
        currency={CURRENCY}
        locale={LOCALE}
        actions={spyActions()}
        tasks={[
          makeTask({
            title: "Pay rent",
            frequency: "Monthly",
            due_date: "2026-02-28T09:00:00Z",
            repeats_from: "2026-01-31T09:00:00Z",
          }),
        ]}
        subscriptions={[]}
      />,
    );
    const dialog = within(screen.getByRole("dialog", { name: "All Events" }));
    expect(dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Saturday, February 28",
    ]);
  });
});
