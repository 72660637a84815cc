// decisions D5, D6: the dashboard's today is the person's date in their time zone, for the agenda
// and the renewal labels alike, and it moves on when that date changes under a page left open.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shownDialog } from "../test/dialogs";
import { SAMPLE_USER, fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { NETFLIX, PASSPORT } from "../test/samples";
import { storeSession, tokenSet } from "../test/tokens";

beforeEach(() => {
  storeSession(tokenSet("signed-in"));
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const inZone = (time_zone: string) => ({ ...SAMPLE_USER, time_zone, time_zone_chosen: true });
const renewing = (name: string, next_renewal_date: string, id: number) => ({
  ...NETFLIX,
  id,
  name,
  next_renewal_date,
});

/** The 7-day agenda's day marked as today. */
function agendaToday() {
  return within(screen.getByRole("region", { name: "7-Day Agenda" }))
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent)
    .find((name) => name.includes("Today, "));
}

function renewalsSoon() {
  return within(screen.getByRole("region", { name: "Renewals Soon" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

describe("the renewal labels count the person's days (decisions D6)", () => {
  it.each([
    // 08:48 on Monday 30 November in Tokyo, still Sunday in UTC.
    ["Asia/Tokyo", "2026-11-29T23:48:00Z", "2026-11-30", "2026-12-01", "Monday, November 30"],
    // 16:00 on Sunday 29 November in Los Angeles, already Monday in UTC.
    [
      "America/Los_Angeles",
      "2026-11-30T00:00:00Z",
      "2026-11-29",
      "2026-11-30",
      "Sunday, November 29",
    ],
    ["UTC", "2026-11-30T23:59:00Z", "2026-11-30", "2026-12-01", "Monday, November 30"],
  ])("in %s at %s, as the agenda's today", async (zone, at, today, tomorrow, agendaDay) => {
    const subscriptions = [
      renewing("Theirs today", today, 1),
      renewing("Theirs tomorrow", tomorrow, 2),
    ];
    renderApp("/dashboard", {
      api: fakeApi({ user: inZone(zone), subscriptions, now: () => new Date(at) }),
      now: () => new Date(at),
    });
    await screen.findByRole("region", { name: "Renewals Soon" });
    expect(agendaToday()).toContain(`Today, ${agendaDay}`);
    expect(renewalsSoon()).toEqual([
      "Theirs todayRenews today$12.99",
      "Theirs tomorrowRenews in 1 day$12.99",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Manage Subscriptions" }));
    const cards = within(await shownDialog("All Subscriptions")).getAllByRole("listitem");
    expect(cards[0]).toHaveTextContent(/Next Renewal: \S+ Today/);
    expect(cards[1]).toHaveTextContent(/Next Renewal: \S+ Tomorrow/);
  });
});

describe("the task rows say which tasks are overdue on the person's clock (decisions D6)", () => {
  it("calls a task overdue once its time has passed in their zone, not in UTC's", async () => {
    // 08:48 on Monday 30 November in Tokyo, still Sunday in UTC.
    const at = new Date("2026-11-29T23:48:00Z");
    const due = (id: number, title: string, due_date: string) => ({
      ...PASSPORT,
      id,
      title,
      due_date,
    });
    const tasks = [
      due(1, "Call at 08:30", "2026-11-30T08:30:00Z"),
      due(2, "Call at 09:00", "2026-11-30T09:00:00Z"),
      due(3, "Sunday's", "2026-11-29T00:00:00Z"),
    ];
    renderApp("/dashboard", {
      api: fakeApi({ user: inZone("Asia/Tokyo"), tasks, now: () => at }),
      now: () => at,
    });
    const card = await screen.findByRole("region", { name: "Priority Tasks" });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Call at 08:30Yearly · Overdue since 11/30/2026",
      "Call at 09:00Yearly · Due: 11/30/2026",
      "Sunday'sYearly · Overdue since 11/29/2026",
    ]);
  });
});

describe("a task's row on a page left open turns overdue at its due moment (decisions D6)", () => {
  it("says 'Overdue since' once its time has passed in the person's zone, before midnight", async () => {
    // 08:00 on Monday 30 November in Tokyo; the call is at 09:00 there (00:00 UTC). The clock
    // also runs on its own while the page loads its parts.
    vi.useFakeTimers({ now: new Date("2026-11-29T23:00:00Z"), shouldAdvanceTime: true });
    const call = { ...PASSPORT, title: "Call the bank", due_date: "2026-11-30T09:00:00Z" };
    const api = fakeApi({ user: inZone("Asia/Tokyo"), tasks: [call], now: () => new Date() });
    renderApp("/dashboard", { api, now: () => new Date() });
    await screen.findByRole("region", { name: "Priority Tasks" });
    // Let the watch load and start.
    await act(() => import("../data/overdue-watch"));
    const rows = () =>
      ["Priority Tasks", "Tasks"].map((name) =>
        within(screen.getByRole("region", { name })).getByRole("listitem"),
      );
    for (const row of rows())
      expect(row).toHaveTextContent("Call the bankYearly · Due: 11/30/2026");

    const dueAt = new Date("2026-11-30T00:00:00Z").getTime();
    await act(() => vi.advanceTimersByTimeAsync(dueAt - MINUTE - Date.now()));
    for (const row of rows()) expect(row).toHaveTextContent("Due: 11/30/2026");
    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    for (const row of rows()) expect(row).toHaveTextContent("Overdue since 11/30/2026");
  });
});

describe("Mark done moves a recurring task on by the person's clock (decisions D6, D9)", () => {
  it("says the next date of their today, not the device's, before the API answers", async () => {
    // 01:00 on Sunday 22 November in Auckland, still Saturday on this device (UTC).
    const at = new Date("2026-11-21T12:00:00Z");
    const daily = {
      ...PASSPORT,
      due_date: "2026-11-20T00:00:00Z",
      repeats_from: "2026-11-20T00:00:00Z",
      frequency: "Daily" as const,
    };
    const api = fakeApi({ user: inZone("Pacific/Auckland"), tasks: [daily], now: () => at });
    renderApp("/dashboard", { api, now: () => at, timeZone: "UTC" });
    const tasks = within(await screen.findByRole("region", { name: "Tasks" }));
    api.holdNext("POST", "/tasks/1/complete");
    await userEvent.click(tasks.getByRole("button", { name: /^Mark done / }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      `${PASSPORT.title} is done. Next due 11/22/2026.`,
    );
    expect(tasks.getByRole("listitem")).toHaveTextContent("Due: 11/22/2026");
  });
});

describe("a dashboard left open past the person's midnight (decisions D6)", () => {
  // Sunday 29 November 2026, 23:50 UTC, then 07:50 on Monday.
  const evening = new Date("2026-11-29T23:50:00Z");
  const nextMorning = new Date("2026-11-30T07:50:00Z");
  const seed = () => ({
    user: inZone("UTC"),
    tasks: [{ ...PASSPORT, due_date: "2026-11-29T00:00:00Z", frequency: "Once" as const }],
    subscriptions: [renewing("Sunday's", "2026-11-29", 1), renewing("Monday's", "2026-11-30", 2)],
  });

  it.each([
    ["the tab is shown again", () => document.dispatchEvent(new Event("visibilitychange"))],
    ["the window is focused again", () => window.dispatchEvent(new Event("focus"))],
  ])("moves to the new day when %s, and reads the lists again", async (_, comeBack) => {
    let clock = evening;
    const api = fakeApi({ ...seed(), now: () => clock });
    renderApp("/dashboard", { api, now: () => clock });
    await screen.findByRole("region", { name: "Renewals Soon" });
    expect(agendaToday()).toContain("Today, Sunday, November 29");
    expect(renewalsSoon()).toEqual(["Sunday'sRenews today$12.99", "Monday'sRenews in 1 day$12.99"]);
    // Let the day's watch load before the night passes.
    await act(() => import("../data/day-watch"));
    const lists = () =>
      api.callsTo("GET", "/tasks/").length + api.callsTo("GET", "/subscriptions/").length;
    const before = lists();

    clock = nextMorning;
    // The API rolls Sunday's renewal on to its next month (decisions D10).
    api.subscriptions[0] = renewing("Sunday's", "2026-12-29", 1);
    act(() => {
      comeBack();
    });

    await vi.waitFor(() => {
      expect(agendaToday()).toContain("Today, Monday, November 30");
      expect(lists()).toBe(before + 2);
    });
    await vi.waitFor(() => {
      expect(renewalsSoon()).toEqual([
        "Monday'sRenews today$12.99",
        "Sunday'sRenews in 29 days$12.99",
      ]);
    });
  });

  it("stays on the same day, without reading the lists again, when the date has not changed", async () => {
    let clock = evening;
    const api = fakeApi({ ...seed(), now: () => clock });
    renderApp("/dashboard", { api, now: () => clock });
    await screen.findByRole("region", { name: "Renewals Soon" });
    await act(() => import("../data/day-watch"));
    const before = api.calls.length;
    clock = new Date("2026-11-29T23:59:59Z");
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(agendaToday()).toContain("Today, Sunday, November 29");
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(1);
    expect(api.calls.length).toBe(before);
  });

  it("moves on by itself at midnight while the tab stays shown", async () => {
    vi.useFakeTimers({ now: evening });
    const api = fakeApi({ ...seed(), now: () => new Date() });
    renderApp("/dashboard", { api, now: () => new Date() });
    // The page's parts load as the app's code does, not on the clock: waited for as a person
    // would (vi.waitFor moves the fake clock a little at each look), then the midnight watch.
    await vi.waitFor(() => {
      expect(agendaToday()).toContain("Today, Sunday, November 29");
    });
    await act(async () => {
      await import("../data/day-watch");
    });

    // 23:59:59.999: still Sunday.
    const midnight = new Date("2026-11-30T00:00:00Z").getTime();
    await act(() => vi.advanceTimersByTimeAsync(midnight - Date.now() - 1));
    expect(agendaToday()).toContain("Today, Sunday, November 29");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(agendaToday()).toContain("Today, Monday, November 30");
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.callsTo("GET", "/tasks/")).toHaveLength(2);
    expect(api.callsTo("GET", "/subscriptions/")).toHaveLength(2);
  });
});
