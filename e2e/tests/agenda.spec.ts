// Issue 6, item 9: the 7-Day Agenda and Upcoming Events show the user's own tasks and renewals
// (decisions D5), and the agenda's arrows scroll the strip by 240 pixels (spec 9). The page's
// clock is pinned to the moment the days are counted from.
import type { Locator, Page } from "@playwright/test";
import { card, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });

function agenda(page: Page): Locator {
  return page.getByRole("region", { name: "Next 7 days" });
}

/** One day's column, found by its heading ("Sunday, November 22"). */
function agendaDay(page: Page, isoDate: string, today = false): Locator {
  const name = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(isoDate));
  return agenda(page)
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { name: today ? `Today, ${name}` : name, exact: true }),
    });
}

test("the agenda and Upcoming Events show the user's own tasks and renewals", async ({
  page,
  api,
}) => {
  const now = new Date();
  await page.clock.setFixedTime(now);
  const at = (days: number, time: string) => `${utcDatePlus(now, days)}T${time}:00Z`;
  // Once: each on its own day (a Daily task is on every day from its own: records-life.spec).
  const once = { frequency: "Once" } as const;
  await api.tasks.create({ ...once, title: "Dentist", due_date: at(1, "09:30"), priority: "High" });
  await api.tasks.create({
    ...once,
    title: "Passport photos",
    due_date: at(3, "00:00"),
    priority: "Low",
  });
  await api.tasks.create({ ...once, title: "Next month's task", due_date: at(12, "08:00") });
  await api.subscriptions.create({
    name: "Spotify",
    next_renewal_date: utcDatePlus(now, 2),
    cost: 11.99,
    frequency: "Monthly",
    priority: "Medium",
    remind_days_before: 3,
  });

  await openDashboard(page);
  await expect(agenda(page).getByRole("heading", { level: 3 })).toHaveCount(7);
  await expect(agendaDay(page, utcDatePlus(now, 0), true)).toContainText("No events");
  await expect(agendaDay(page, utcDatePlus(now, 1))).toContainText("Dentist9:30 AM");
  await expect(agendaDay(page, utcDatePlus(now, 2))).toContainText("SpotifyAll day");
  // Its time left at 00:00: a task of that day, not one at midnight.
  await expect(agendaDay(page, utcDatePlus(now, 3))).toContainText("Passport photosAll day");
  await expect(agenda(page)).not.toContainText("Next month's task");

  const upcoming = card(page, "Upcoming Events").getByRole("listitem");
  await expect(upcoming).toHaveCount(3);
  await expect(upcoming.nth(0)).toContainText("Dentist");
  await expect(upcoming.nth(1)).toContainText("Spotify");
  await expect(upcoming.nth(2)).toContainText("Passport photos");
  await expect(upcoming.nth(2)).toContainText("· All day");
});

for (const reducedMotion of ["reduce", "no-preference"] as const) {
  test.describe(`with reduced motion ${reducedMotion}`, () => {
    test.use({ reducedMotion });
    test(`the agenda's arrows scroll the strip by 240 pixels (${reducedMotion === "reduce" ? "at once" : "smoothly"})`, async ({
      page,
    }) => {
      await openDashboard(page);
      const strip = agenda(page);
      const scrollLeft = () => strip.evaluate((element) => element.scrollLeft);
      // The seven days are wider than the strip, so there is room to scroll.
      expect(
        await strip.evaluate((element) => element.scrollWidth - element.clientWidth),
      ).toBeGreaterThan(480);
      expect(await scrollLeft()).toBe(0);

      const right = page.getByRole("button", { name: "Scroll agenda right" });
      const left = page.getByRole("button", { name: "Scroll agenda left" });
      await right.click();
      await expect.poll(scrollLeft).toBe(240);
      await right.click();
      await expect.poll(scrollLeft).toBe(480);
      await left.click();
      await expect.poll(scrollLeft).toBe(240);
      await left.click();
      await expect.poll(scrollLeft).toBe(0);
    });
  });
}
