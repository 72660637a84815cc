import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE, agendaAtNow, makeSubscription, makeTask } from "../test/fixtures";
import { AGENDA_SCROLL_STEP, AgendaStrip } from "./agenda-strip";

function renderStrip() {
  render(
    <AgendaStrip
      locale={LOCALE}
      days={agendaAtNow(
        [
          makeTask({ title: "Dentist", priority: "High", due_date: "2026-11-23T14:30:00Z" }),
          makeTask({ title: "Yoga", priority: "Low", due_date: "2026-11-23T07:00:00Z" }),
        ],
        [makeSubscription({ name: "Netflix", next_renewal_date: "2026-11-21" })],
      )}
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

  it("gives its scrolling region the id the page asks for, so the page can bring it into view", () => {
    render(<AgendaStrip days={agendaAtNow()} regionId="dashboard-agenda" />);
    expect(screen.getByRole("region", { name: "Next 7 days" })).toHaveAttribute(
      "id",
      "dashboard-agenda",
    );
  });
});
