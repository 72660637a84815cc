import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE, agendaAtNow, makeSubscription, makeTask } from "../test/fixtures";
import { axeViolations } from "../test/axe";
import { AGENDA_EVENTS_SHOWN, AGENDA_SCROLL_STEP, AgendaStrip } from "./agenda-strip";
import { spyActions } from "../test/actions";

const NETFLIX = makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-21" });

function renderStrip(
  tasks = [
    makeTask({ title: "Dentist", priority: "High", due_date: "2026-11-23T14:30:00Z" }),
    makeTask({ title: "Yoga", priority: "Low", due_date: "2026-11-23T07:00:00Z" }),
  ],
) {
  render(
    <AgendaStrip
      actions={spyActions()}
      onShowAll={() => undefined}
      locale={LOCALE}
      days={agendaAtNow(tasks, [NETFLIX])}
    />,
  );
  return screen.getByRole("region", { name: "Next 7 days" });
}

function days() {
  return within(screen.getByRole("region", { name: "Next 7 days" }))
    .getAllByRole("listitem")
    .filter((item) => item.parentElement?.tagName === "OL");
}

describe("AgendaStrip", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is titled 7-Day Agenda and shows seven days from today", () => {
    renderStrip();
    expect(screen.getByRole("region", { name: "7-Day Agenda" })).toBeInTheDocument();
    expect(days()).toHaveLength(7);
    expect(
      screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent),
    ).toEqual([
      "Sat21TodayToday, Saturday, November 21",
      "Sun22Sunday, November 22",
      "Mon23Monday, November 23",
      "Tue24Tuesday, November 24",
      "Wed25Wednesday, November 25",
      "Thu26Thursday, November 26",
      "Fri27Friday, November 27",
    ]);
  });

  it("marks only the first day as today", () => {
    renderStrip();
    const [today] = days() as [HTMLElement];
    expect(within(today).getByText("Today")).toBeInTheDocument();
    expect(today).toHaveAttribute("aria-current", "date");
    expect(screen.getAllByText("Today")).toHaveLength(1);
  });

  it("lists each day's events with their time and announces how many there are", () => {
    renderStrip();
    const [today, sunday, monday] = days() as [HTMLElement, HTMLElement, HTMLElement];
    expect(today).toHaveTextContent("1 event");
    expect(today).toHaveTextContent("Netflix");
    expect(today).toHaveTextContent("All day");
    expect(sunday).toHaveTextContent("No events");
    expect(monday).toHaveTextContent("2 events");
    const events = within(monday).getAllByRole("listitem");
    expect(events.map((event) => event.textContent)).toEqual([
      "Low priority task: Yoga7:00 AM",
      "High priority task: Dentist2:30 PM",
    ]);
  });

  it("shows a task left without a time (due at 00:00) as all day, after the renewals, before the timed tasks", () => {
    renderStrip([
      makeTask({ title: "Yoga", priority: "Low", due_date: "2026-11-21T07:00:00Z" }),
      makeTask({ title: "Passport photos", due_date: "2026-11-21T00:00:00Z" }),
    ]);
    const [today] = days() as [HTMLElement];
    expect(
      within(today)
        .getAllByRole("listitem")
        .map((event) => event.textContent),
    ).toEqual([
      "Subscription renewal: NetflixAll day",
      "Medium priority task: Passport photosAll day",
      "Low priority task: Yoga7:00 AM",
    ]);
  });

  it("scrolls smoothly 240 pixels to the right and to the left", async () => {
    const region = renderStrip();
    const scrollBy = vi.fn();
    region.scrollBy = scrollBy;
    await userEvent.click(screen.getByRole("button", { name: "Scroll agenda right" }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 240, behavior: "smooth" });
    await userEvent.click(screen.getByRole("button", { name: "Scroll agenda left" }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -240, behavior: "smooth" });
    expect(AGENDA_SCROLL_STEP).toBe(240);
  });

  it("jumps instead of gliding when the reader asked for reduced motion", async () => {
    vi.stubGlobal(
      "matchMedia",
      (query: string) =>
        ({ matches: query === "(prefers-reduced-motion: reduce)" }) as MediaQueryList,
    );
    const region = renderStrip();
    const scrollBy = vi.fn();
    region.scrollBy = scrollBy;
    await userEvent.click(screen.getByRole("button", { name: "Scroll agenda right" }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 240, behavior: "auto" });
  });

  it("can be scrolled from the keyboard: the strip takes focus", async () => {
    const region = renderStrip();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(region).toHaveFocus();
  });

  it("marks a task's own occurrence done and opens a task or a renewal from its name (issue 18)", async () => {
    const actions = spyActions();
    const dentist = makeTask({
      title: "Dentist",
      frequency: "Once",
      due_date: "2026-11-23T14:30:00Z",
    });
    const netflix = makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-21" });
    render(
      <AgendaStrip
        actions={actions}
        onShowAll={() => undefined}
        days={agendaAtNow([dentist], [netflix])}
      />,
    );
    const done = screen.getByRole("button", { name: "Mark done Dentist" });
    await userEvent.click(done);
    expect(actions.onTaskComplete).toHaveBeenCalledWith(dentist.id, true);
    await userEvent.click(screen.getByRole("button", { name: "Dentist" }));
    expect(actions.onTaskEdit).toHaveBeenCalledWith(dentist.id);
    await userEvent.click(screen.getByRole("button", { name: "Netflix" }));
    expect(actions.onSubscriptionEdit).toHaveBeenCalledWith(netflix.id);
  });

  it("shows a Daily task on every day, marking done only its own occurrence, the rest as repeats", () => {
    const yoga = makeTask({ title: "Yoga", frequency: "Daily", due_date: "2026-11-22T07:00:00Z" });
    render(
      <AgendaStrip actions={spyActions()} onShowAll={() => undefined} days={agendaAtNow([yoga])} />,
    );
    const [today, sunday, monday, ...rest] = days() as [HTMLElement, HTMLElement, HTMLElement];
    expect(today).toHaveTextContent("No events");
    for (const day of [sunday, monday, ...rest]) {
      expect(within(day).getByRole("button", { name: "Yoga" })).toBeVisible();
    }
    expect(screen.getAllByRole("button", { name: /^Mark done / })).toHaveLength(1);
    expect(within(sunday).getByRole("button", { name: /^Mark done / })).toBeVisible();
    expect(within(monday).getByText("7:00 AM · Repeats daily")).toBeVisible();
  });

  it("says how often a later occurrence repeats: every 2 days", () => {
    const pill = makeTask({
      title: "Pill",
      frequency: "Daily",
      interval: 2,
      due_date: "2026-11-22T07:00:00Z",
    });
    render(
      <AgendaStrip actions={spyActions()} onShowAll={() => undefined} days={agendaAtNow([pill])} />,
    );
    const [, sunday, monday, tuesday] = days() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(sunday).getByText("7:00 AM")).toBeVisible();
    expect(within(monday).queryByRole("button", { name: "Pill" })).not.toBeInTheDocument();
    expect(within(tuesday).getByText("7:00 AM · Repeats every 2 days")).toBeVisible();
  });

  it("shows a busy day's first events and opens the events view for the rest", async () => {
    const onShowAll = vi.fn();
    const tasks = Array.from({ length: AGENDA_EVENTS_SHOWN + 3 }, (_, n) =>
      makeTask({ title: `Task ${n}`, frequency: "Once", due_date: "2026-11-21T10:00:00Z" }),
    );
    render(<AgendaStrip actions={spyActions()} onShowAll={onShowAll} days={agendaAtNow(tasks)} />);
    const [today] = days() as [HTMLElement];
    expect(today).toHaveTextContent(`${AGENDA_EVENTS_SHOWN + 3} events`);
    expect(within(today).getAllByRole("button", { name: /^Task / })).toHaveLength(
      AGENDA_EVENTS_SHOWN,
    );
    await userEvent.click(within(today).getByRole("button", { name: "3 more" }));
    expect(onShowAll).toHaveBeenCalledOnce();
  });

  it("has no accessibility violations with events and their controls", async () => {
    renderStrip();
    expect(await axeViolations()).toEqual([]);
  });
});
