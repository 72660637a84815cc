import { UPCOMING_EVENTS_LIMIT, upcomingEvents } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LOCALE, agendaAtNow, makeSubscription, makeTask } from "../test/fixtures";
import { UpcomingEventsCard } from "./upcoming-events-card";
import { spyActions } from "../test/actions";

const noop = () => undefined;

function card() {
  return screen.getByRole("region", { name: "Upcoming Events" });
}

describe("UpcomingEventsCard", () => {
  it("lists the user's own tasks and renewals of the next days with date and time", () => {
    render(
      <UpcomingEventsCard
        actions={spyActions()}
        locale={LOCALE}
        onViewAll={noop}
        events={upcomingEvents(
          agendaAtNow(
            [
              makeTask({ title: "Dentist", priority: "High", due_date: "2026-11-23T14:30:00Z" }),
              makeTask({ title: "Done", completed: true, due_date: "2026-11-22T08:00:00Z" }),
              makeTask({ title: "Next month", due_date: "2026-12-20T08:00:00Z" }),
            ],
            [makeSubscription({ name: "Spotify", next_renewal_date: "2026-11-22" })],
          ),
        )}
      />,
    );
    const items = within(card()).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Spotify");
    expect(items[0]).toHaveTextContent("Sun, Nov 22 · All day");
    expect(items[0]).toHaveTextContent("Subscription renewal");
    expect(items[1]).toHaveTextContent("Dentist");
    expect(items[1]).toHaveTextContent("Mon, Nov 23 · 2:30 PM");
    expect(items[1]).toHaveTextContent("High priority task");
  });

  it("shows at most the domain's number of events", () => {
    const tasks = Array.from({ length: UPCOMING_EVENTS_LIMIT + 3 }, (_, i) =>
      makeTask({ title: `Task ${i}`, due_date: "2026-11-22T10:00:00Z" }),
    );
    render(
      <UpcomingEventsCard
        actions={spyActions()}
        onViewAll={noop}
        events={upcomingEvents(agendaAtNow(tasks))}
      />,
    );
    expect(within(card()).getAllByRole("listitem")).toHaveLength(UPCOMING_EVENTS_LIMIT);
  });

  it("says so when nothing is scheduled", () => {
    render(<UpcomingEventsCard actions={spyActions()} onViewAll={noop} events={[]} />);
    expect(within(card()).getByText("Nothing scheduled in the next 7 days")).toBeInTheDocument();
  });

  it("calls back from View all events >", async () => {
    const onViewAll = vi.fn();
    render(<UpcomingEventsCard actions={spyActions()} onViewAll={onViewAll} events={[]} />);
    const button = within(card()).getByRole("button", { name: "View all events" });
    expect(button).toHaveTextContent("View all events >");
    await userEvent.click(button);
    expect(onViewAll).toHaveBeenCalledOnce();
  });
});
