import { EVENTS_VIEW_DAYS, buildAgenda } from "@life-admin/domain";
import type { Subscription, Task } from "@life-admin/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { spyActions } from "../test/actions";
import { axeViolations } from "../test/axe";
import { LOCALE, makeSubscription, makeTask } from "../test/fixtures";
import { AllEventsModal, EVENTS_SHOWN_PER_DAY } from "./all-events-modal";

/** The next 30 days from Saturday 21 November 2026, as the dashboard builds them. */
function thirtyDays(tasks: Task[] = [], subscriptions: Subscription[] = []) {
  return buildAgenda({ tasks, subscriptions, today: "2026-11-21", days: EVENTS_VIEW_DAYS });
}

function renderOpen(days = thirtyDays(), actions = spyActions()) {
  render(<AllEventsModal open onClose={vi.fn()} days={days} locale={LOCALE} actions={actions} />);
  return within(screen.getByRole("dialog", { name: "All Events" }));
}

/** Each day shown: its heading and its events' text. */
function daysShown(dialog: ReturnType<typeof renderOpen>) {
  return dialog.getAllByRole("heading", { level: 3 }).map((heading) => {
    const day = heading.closest("li") as HTMLElement;
    return [
      heading.textContent,
      within(day)
        .getAllByRole("listitem")
        .map((event) => event.textContent),
    ];
  });
}

describe("AllEventsModal (issue 18: View all events)", () => {
  it("says it covers the next 30 days", () => {
    renderOpen();
    expect(screen.getByRole("dialog", { name: "All Events" })).toHaveAccessibleDescription(
      "Your tasks and renewals over the next 30 days.",
    );
  });

  it("groups the occurrences by day, recurring ones on each day they come back, empty days left out", () => {
    const dialog = renderOpen(
      thirtyDays(
        [
          makeTask({
            title: "Yoga",
            priority: "Low",
            frequency: "Weekly",
            due_date: "2026-11-21T07:00:00Z",
          }),
          makeTask({ title: "Dentist", frequency: "Once", due_date: "2026-11-24T14:30:00Z" }),
        ],
        [makeSubscription({ name: "Gym", frequency: "Monthly", next_renewal_date: "2026-11-25" })],
      ),
    );
    expect(daysShown(dialog)).toEqual([
      ["Today, Saturday, November 21", ["Low priority task: Yoga7:00 AM"]],
      ["Tuesday, November 24", ["Medium priority task: Dentist2:30 PM"]],
      ["Wednesday, November 25", ["Subscription renewal: GymAll day"]],
      ["Saturday, November 28", ["Low priority task: Yoga7:00 AM · Repeats weekly"]],
      ["Saturday, December 5", ["Low priority task: Yoga7:00 AM · Repeats weekly"]],
      ["Saturday, December 12", ["Low priority task: Yoga7:00 AM · Repeats weekly"]],
      ["Saturday, December 19", ["Low priority task: Yoga7:00 AM · Repeats weekly"]],
    ]);
  });

  it("says until when a series that ends repeats, and shows none of its dates after", () => {
    const dialog = renderOpen(
      thirtyDays(
        [
          makeTask({
            title: "Pills",
            frequency: "Daily",
            due_date: "2026-11-21T08:00:00Z",
            repeat_until: "2026-11-22",
          }),
        ],
        [],
      ),
    );
    expect(daysShown(dialog)).toEqual([
      ["Today, Saturday, November 21", ["Medium priority task: Pills8:00 AM"]],
      [
        "Sunday, November 22",
        ["Medium priority task: Pills8:00 AM · Repeats daily until 11/22/2026"],
      ],
    ]);
  });

  it("marks only a task's own occurrence done, and opens tasks and renewals from their names", async () => {
    const actions = spyActions();
    const yoga = makeTask({ title: "Yoga", frequency: "Weekly", due_date: "2026-11-21T07:00:00Z" });
    const gym = makeSubscription({ name: "Gym", next_renewal_date: "2026-11-25" });
    const dialog = renderOpen(thirtyDays([yoga], [gym]), actions);
    await userEvent.click(dialog.getByRole("button", { name: /^Mark done / }));
    expect(actions.onTaskComplete).toHaveBeenCalledWith(yoga.id, true);
    const [, , , repeat] = dialog.getAllByRole("button", { name: "Yoga" }) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    await userEvent.click(repeat);
    expect(actions.onTaskEdit).toHaveBeenCalledWith(yoga.id);
    await userEvent.click(dialog.getByRole("button", { name: "Gym" }));
    expect(actions.onSubscriptionEdit).toHaveBeenCalledWith(gym.id);
  });

  it("shows a busy day's first events, and all of them on request, focus on the first it brought in", async () => {
    const tasks = Array.from({ length: EVENTS_SHOWN_PER_DAY + 2 }, (_, n) =>
      makeTask({
        title: `Errand ${String(n)}`,
        frequency: "Once",
        due_date: "2026-11-22T09:00:00Z",
      }),
    );
    const dialog = renderOpen(thirtyDays(tasks));
    expect(dialog.getAllByRole("button", { name: /^Errand/ })).toHaveLength(EVENTS_SHOWN_PER_DAY);
    const user = userEvent.setup();
    dialog.getByRole("button", { name: `Show all 10 events on Sunday, November 22` }).focus();
    await user.keyboard("{Enter}");
    expect(dialog.getAllByRole("button", { name: /^Errand/ })).toHaveLength(10);
    expect(dialog.queryByRole("button", { name: /^Show all/ })).not.toBeInTheDocument();
    expect(
      dialog.getByRole("button", { name: `Errand ${String(EVENTS_SHOWN_PER_DAY)}` }),
    ).toHaveFocus();
  });

  it("says so when nothing is scheduled", () => {
    const dialog = renderOpen();
    expect(dialog.getByText("Nothing scheduled in the next 30 days")).toBeInTheDocument();
  });

  it("shows a change the server refused", () => {
    render(
      <AllEventsModal
        open
        onClose={vi.fn()}
        days={thirtyDays()}
        actions={spyActions()}
        error="Request failed with status 500"
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Request failed with status 500");
  });

  it("has no accessibility violations", async () => {
    renderOpen(
      thirtyDays(
        [makeTask({ frequency: "Daily", due_date: "2026-11-21T07:00:00Z" })],
        [makeSubscription({ next_renewal_date: "2026-11-22" })],
      ),
    );
    expect(await axeViolations()).toEqual([]);
  });
});
