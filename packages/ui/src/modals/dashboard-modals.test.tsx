import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { spyActions } from "../test/actions";
import { CURRENCY, LOCALE, makeSubscription, makeTask } from "../test/fixtures";
import { DashboardModals } from "./dashboard-modals";

describe("DashboardModals: the events view (issue 18)", () => {
  it("opens on the person's today in their time zone and runs 30 days", () => {
    render(
      <DashboardModals
        modal="all-events"
        onOpen={vi.fn()}
        onClose={vi.fn()}
        // 23:30 on 21 November in UTC is already 22 November in Tokyo.
        now={new Date("2026-11-21T23:30:00Z")}
        timeZone="Asia/Tokyo"
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
