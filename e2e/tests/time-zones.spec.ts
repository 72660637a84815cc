// The product walked by people who do not live in UTC (decisions D6, D9, D10, D11, D13), each in a
// Chromium set to their zone and locale: someone in Auckland working near midnight, someone in
// Los Angeles whose weekly 09:00 task crosses the change of clocks, someone in Berlin who reads
// and writes German dates and amounts. What each would notice: the due dates and times on the
// dashboard, in All Tasks and All Events, "Overdue since", a task done and moved on, a renewal
// that is soon, the bell, Documents, Settings' time zone, and the calendar feed read from the
// address Settings gives (events at their wall-clock time, renewals all day on their date).
// Seeded through the API; every wait is for what the person would see.
import { fileCalls } from "@life-admin/api-client/files";
import { reminderCalls } from "@life-admin/api-client/reminders";
import {
  type IsoDate,
  addDays,
  calendarDateIn,
  instantAtLocal,
  instantOf,
} from "@life-admin/domain";
import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { card, dialog, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { icsComponents, icsEvent, icsLine } from "../support/ics-events.js";

test.use({ ownAccount: true });

/** A typed date as the product must show it: in the locale, never shifted by the zone (D6). */
function shown(date: string, locale: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(instantOf(date));
}

/** YYYYMMDD, as a calendar writes a date. */
const icsDate = (date: IsoDate) => date.replaceAll("-", "");

/** The row of a dashboard card that lists `title`. */
function row(page: Page, cardName: string, title: string): Locator {
  return card(page, cardName).getByRole("listitem").filter({ hasText: title });
}

/** The agenda's first day heading: "Today, Tuesday, December 1". */
function agendaToday(page: Page): Locator {
  return page
    .getByRole("region", { name: "Next 7 days" })
    .getByRole("heading", { level: 3 })
    .first();
}

/** Opens the dashboard and waits until the bell has its reminders (the device's zone is sent first). */
async function openWithReminders(page: Page): Promise<void> {
  const listed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/notifications/" && response.ok(),
  );
  await openDashboard(page);
  await listed;
}

/** Settings, from the account menu. */
async function openSettings(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

/** The calendar feed, fetched from the address Settings shows, as a calendar app would. */
async function feedFromSettings(page: Page): Promise<string> {
  const address = page
    .getByRole("region", { name: "Calendar feed" })
    .getByLabel("Your calendar address");
  await expect(address).toHaveValue(/\.ics$/);
  const feed = await page.request.get(await address.inputValue());
  expect(feed.status()).toBe(200);
  return feed.text();
}

test.describe("in Auckland (UTC+13), near midnight", () => {
  const zone = "Pacific/Auckland";
  const locale = "en-NZ";
  test.use({ timezoneId: zone, locale });

  test("what is due and overdue follows the Auckland clock, and the day turns at Auckland's midnight", async ({
    page,
    api,
  }) => {
    // Two minutes before the Auckland midnight nearest to now (the API's clock is the real one).
    const now = Date.now();
    const dayNow = calendarDateIn(new Date(now), zone);
    const midnights = [
      instantAtLocal(dayNow, 0, zone),
      instantAtLocal(addDays(dayNow, 1), 0, zone),
    ];
    const midnight = midnights.reduce((a, b) => (Math.abs(a - now) <= Math.abs(b - now) ? a : b));
    const today = calendarDateIn(new Date(midnight - 1), zone);
    const tomorrow = addDays(today, 1);
    await page.clock.install({ time: midnight - 2 * 60_000 });
    const once = { frequency: "Once", priority: "High" } as const;
    await api.tasks.create({
      ...once,
      title: "Pay rent",
      due_date: `${addDays(today, -1)}T21:00:00Z`,
    });
    await api.tasks.create({ ...once, title: "Passport photos", due_date: `${today}T00:00:00Z` });
    await api.tasks.create({ ...once, title: "Call mum", due_date: `${today}T23:59:00Z` });
    await api.tasks.create({ ...once, title: "Bins out", due_date: `${tomorrow}T07:00:00Z` });

    await openDashboard(page);
    const weekday = { weekday: "long", month: "long", day: "numeric" } as const;
    await expect(agendaToday(page)).toHaveText(
      new RegExp(`Today, ${shown(today, locale, weekday)}$`),
    );
    await expect(row(page, "Priority Tasks", "Pay rent")).toContainText(
      `Overdue since ${shown(addDays(today, -1), locale)}`,
    );
    await expect(row(page, "Priority Tasks", "Passport photos")).toContainText(
      `Due: ${shown(today, locale)}`,
    );
    await expect(row(page, "Priority Tasks", "Call mum")).toContainText(
      `Due: ${shown(today, locale)}`,
    );

    // Past Auckland's midnight: their new day, and yesterday's tasks are overdue.
    await page.clock.runFor(4 * 60_000);
    await expect(agendaToday(page)).toHaveText(
      new RegExp(`Today, ${shown(tomorrow, locale, weekday)}$`),
    );
    await expect(row(page, "Priority Tasks", "Passport photos")).toContainText(
      `Overdue since ${shown(today, locale)}`,
    );
    await expect(row(page, "Priority Tasks", "Call mum")).toContainText(
      `Overdue since ${shown(today, locale)}`,
    );
    await expect(row(page, "Priority Tasks", "Bins out")).toContainText(
      `Due: ${shown(tomorrow, locale)}`,
    );
  });

  test("the bell, Documents, Settings' time zone and the calendar feed are Auckland's", async ({
    page,
    api,
    account,
  }) => {
    const today = calendarDateIn(new Date(), zone);
    const yesterday = addDays(today, -1);
    await api.tasks.create({
      title: "Pay rent",
      due_date: `${yesterday}T21:00:00Z`,
      frequency: "Once",
      priority: "High",
    });
    await api.subscriptions.create({
      name: "Spark broadband",
      cost: 89,
      frequency: "Monthly",
      next_renewal_date: today,
      remind_days_before: 3,
      priority: "Medium",
    });
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 200]);
    const kept = await fileCalls(api).upload(
      new Blob([new Uint8Array(await pdf.save())]),
      "power-bill.pdf",
    );

    await openWithReminders(page);
    await expect(row(page, "Renewals Soon", "Spark broadband")).toContainText("Renews today");
    await page.getByRole("button", { name: /^Notifications, 2 unread$/ }).click();
    const bell = dialog(page, "Notifications");
    const shortDay = { weekday: "short", day: "numeric", month: "short" } as const;
    const nine = new Intl.DateTimeFormat(locale, {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    }).format(Date.UTC(2026, 0, 1, 21));
    await expect(bell.getByRole("button", { name: /^Pay rent / })).toContainText(
      `Overdue since ${shown(yesterday, locale, shortDay)}, ${nine}`,
    );
    await expect(bell.getByRole("button", { name: /^Spark broadband / })).toContainText(
      "Renews today",
    );
    await page.keyboard.press("Escape");
    await expect(bell).toBeHidden();

    // A file is dated on the day it was kept in Auckland, not UTC's.
    await page.getByRole("button", { name: account.name, exact: true }).click();
    await page.getByRole("menuitem", { name: "Documents" }).click();
    const keptOn = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: zone }).format(
      instantOf(kept.created_at),
    );
    await expect(
      dialog(page, "Documents").getByRole("listitem").filter({ hasText: "power-bill.pdf" }),
    ).toContainText(keptOn);
    await page.keyboard.press("Escape");

    await openSettings(page, account.name);
    await expect(page.getByRole("region", { name: "Profile" }).getByLabel("Time zone")).toHaveValue(
      zone,
    );
    const ics = await feedFromSettings(page);
    // The task at 21:00 on the Auckland clock, in Auckland's zone (defined in the feed).
    expect(icsLine(icsEvent(ics, "Pay rent"), "DTSTART")).toBe(
      `DTSTART;TZID=${zone}:${icsDate(yesterday)}T210000`,
    );
    expect(icsComponents(ics, "VTIMEZONE").map((z) => z.get("TZID")?.value)).toEqual([zone]);
    // The renewal all day on its date.
    const renewal = icsEvent(ics, "Renewal: Spark broadband (");
    expect(icsLine(renewal, "DTSTART")).toBe(`DTSTART;VALUE=DATE:${icsDate(today)}`);
    expect(icsLine(renewal, "DTEND")).toBe(`DTEND;VALUE=DATE:${icsDate(addDays(today, 1))}`);
  });
});

test.describe("in Los Angeles, across the change of clocks", () => {
  const zone = "America/Los_Angeles";
  test.use({ timezoneId: zone, locale: "en-US" });

  test("a weekly 09:00 task stays at 09:00 on either side of the change, done or not", async ({
    page,
    api,
    account,
  }) => {
    // Anchored on the Monday before US clocks went back (1 November 2026); the other crosses the
    // spring change (14 March 2027).
    const standup = await api.tasks.create({
      title: "Team standup",
      due_date: "2026-10-26T09:00:00Z",
      frequency: "Weekly",
      priority: "High",
    });
    await api.tasks.create({
      title: "Spring standup",
      due_date: "2027-03-08T09:00:00Z",
      frequency: "Weekly",
      priority: "Low",
    });
    // Their device told the API their zone on an earlier visit (reminders-sync.ts).
    await reminderCalls(api).updateUser({ time_zone: zone });
    const today = calendarDateIn(new Date(), zone);
    await api.subscriptions.create({
      name: "Netflix",
      cost: 15.49,
      frequency: "Monthly",
      next_renewal_date: today,
      remind_days_before: 3,
      priority: "Medium",
    });

    await openWithReminders(page);
    // A renewal of their today stays today's all their day, evenings too.
    await expect(row(page, "Renewals Soon", "Netflix")).toContainText("Renews today");
    const standupRow = row(page, "Priority Tasks", "Team standup");
    await expect(standupRow).toContainText("Overdue since 10/26/2026");
    await standupRow.getByRole("button", { name: "Mark done" }).click();
    await expect(standupRow).toContainText("Due: ");
    await expect(standupRow).not.toContainText("Overdue");
    // Done late, it moves to the first Monday 09:00 not yet past, on the Los Angeles clock.
    await expect
      .poll(async () => (await api.tasks.get(standup.id)).due_date)
      .toMatch(/T09:00:00Z$/);
    const next = (await api.tasks.get(standup.id)).due_date;
    expect(new Date(next).getUTCDay()).toBe(1);
    expect(instantOf(next)).toBeGreaterThan(instantOf(`${today}T00:00:00Z`) - 1);

    await page.getByRole("button", { name: "View all events" }).first().click();
    const events = dialog(page, "All Events")
      .getByRole("listitem")
      .filter({ hasText: "Team standup" });
    await expect(events.first()).toBeVisible();
    for (const event of await events.all()) await expect(event).toContainText("9:00 AM");
    await page.keyboard.press("Escape");

    await openSettings(page, account.name);
    const ics = await feedFromSettings(page);
    // Written on the Los Angeles wall clock with its rules: 09:00 PST and, after 14 March, PDT.
    expect(icsLine(icsEvent(ics, "Team standup"), "DTSTART")).toBe(
      `DTSTART;TZID=${zone}:${next.slice(0, 10).replaceAll("-", "")}T090000`,
    );
    const spring = icsEvent(ics, "Spring standup");
    expect(icsLine(spring, "DTSTART")).toBe(`DTSTART;TZID=${zone}:20270308T090000`);
    expect(icsLine(spring, "RRULE")).toBe("RRULE:FREQ=WEEKLY");
    expect(icsComponents(ics, "STANDARD").map((c) => c.get("TZOFFSETTO")?.value)).toEqual([
      "-0800",
    ]);
    expect(icsComponents(ics, "DAYLIGHT").map((c) => c.get("TZOFFSETTO")?.value)).toEqual([
      "-0700",
    ]);
    const renewal = icsEvent(ics, "Renewal: Netflix (");
    expect(icsLine(renewal, "DTSTART")).toBe(`DTSTART;VALUE=DATE:${icsDate(today)}`);
  });
});

test.describe("in Berlin, in German", () => {
  const zone = "Europe/Berlin";
  const locale = "de-DE";
  test.use({ timezoneId: zone, locale });

  test("dates, times and amounts are German; a cost typed with a comma is that amount", async ({
    page,
    api,
  }) => {
    const today = calendarDateIn(new Date(), zone);
    await api.tasks.create({
      title: "Steuererklärung",
      due_date: `${addDays(today, 1)}T09:30:00Z`,
      frequency: "Once",
      priority: "High",
    });

    await openDashboard(page);
    await expect(row(page, "Priority Tasks", "Steuererklärung")).toContainText(
      `Due: ${shown(addDays(today, 1), locale)}`,
    );
    // On the 24-hour clock, as typed.
    const event = row(page, "Upcoming Events", "Steuererklärung");
    await expect(event).toContainText(
      `${shown(addDays(today, 1), locale, { weekday: "short", month: "short", day: "numeric" })} · 9:30`,
    );
    await expect(event).not.toContainText("AM");

    const add = dialog(page, "Add New Task/Subscription");
    await page.getByRole("button", { name: "Add Task/Event" }).click();
    await dialog(page, "What would you like to add?")
      .getByRole("button", { name: /^Add Task/ })
      .click();
    await add.getByRole("tab", { name: "Subscription" }).click();
    await add.getByLabel("Subscription Name").fill("Zeitung");
    await add.getByLabel("Next renewal Date").fill(addDays(today, 2));
    await add.getByLabel("Frequency").first().selectOption("Monthly");
    const cost = add.getByLabel("Cost");
    await expect(cost).toHaveAttribute("placeholder", "0,00");
    // As a German types it, key by key.
    await cost.pressSequentially("12,99");
    await add.getByRole("button", { name: "Add to Subscriptions" }).click();
    await expect(add).toBeHidden();

    await expect(row(page, "Renewals Soon", "Zeitung")).toContainText("12,99 €");
    await expect(row(page, "Renewals Soon", "Zeitung")).toContainText("Renews in 2 days");
    expect((await api.subscriptions.list()).map((s) => s.cost)).toEqual([12.99]);
    await card(page, "Subscriptions")
      .getByRole("button", { name: "View all subscriptions" })
      .click();
    await expect(dialog(page, "All Subscriptions")).toContainText("12,99 € per month");
  });

  test("a task done moves on by the calendar: the 31st to 28 February then 31 March, 29 February to 28 February", async ({
    page,
    api,
  }) => {
    const rent = await api.tasks.create({
      title: "Miete",
      due_date: "2027-01-31T09:30:00Z",
      frequency: "Monthly",
      priority: "High",
    });
    const leap = await api.tasks.create({
      title: "Schaltjahr",
      due_date: "2028-02-29T00:00:00Z",
      frequency: "Yearly",
      priority: "High",
    });

    await openDashboard(page);
    const rentRow = row(page, "Priority Tasks", "Miete");
    await rentRow.getByRole("button", { name: "Mark done" }).click();
    await expect(rentRow).toContainText(`Due: ${shown("2027-02-28", locale)}`);
    await expect
      .poll(async () => (await api.tasks.get(rent.id)).due_date)
      .toBe("2027-02-28T09:30:00Z");
    await rentRow.getByRole("button", { name: "Mark done" }).click();
    await expect(rentRow).toContainText(`Due: ${shown("2027-03-31", locale)}`);
    await expect
      .poll(async () => (await api.tasks.get(rent.id)).due_date)
      .toBe("2027-03-31T09:30:00Z");

    const leapRow = row(page, "Priority Tasks", "Schaltjahr");
    await leapRow.getByRole("button", { name: "Mark done" }).click();
    await expect(leapRow).toContainText(`Due: ${shown("2029-02-28", locale)}`);
    await expect
      .poll(async () => (await api.tasks.get(leap.id)).due_date)
      .toBe("2029-02-28T00:00:00Z");
  });
});
