// decisions D9: a schedule repeats every so many of its units ("Repeat every 2 weeks"), as a person
// sets it on the Add forms and then meets it: the lists' "Every 3 months", the totals counting a
// quarterly bill a third a month, a task every two weeks moving two weeks on when marked done, and
// its edit form keeping the number. The page's clock is pinned to the moment the dates are counted
// from, so that midnight cannot move them.
import type { Locator, Page } from "@playwright/test";
import {
  answerCalendarOffer,
  card,
  dialog,
  openAddSubscription,
  openAddTask,
  openAllTasks,
  openDashboard,
  utcDatePlus,
} from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });

/** A date as the lists show it (en-US, the day as stored: decisions D6). */
function shownDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(new Date(isoDate));
}

/** The row of a card that lists `title`. */
function row(page: Page, cardName: string, title: string): Locator {
  return card(page, cardName).getByRole("listitem").filter({ hasText: title });
}

test("a quarterly bill is added every 3 months, listed so, and counted a third of its cost a month", async ({
  page,
  api,
}) => {
  const now = new Date();
  await page.clock.setFixedTime(now);
  await openDashboard(page);
  const modal = await openAddSubscription(page);
  await modal.getByLabel("Subscription Name").fill("Home insurance");
  await modal.getByLabel("Next renewal Date").fill(utcDatePlus(now, 10));
  await modal.getByLabel("Frequency").first().selectOption("Monthly");
  const every = modal.getByLabel("Repeat every");
  await expect(every).toHaveValue("1");
  await expect(every).toHaveAccessibleDescription("month");
  await every.fill("3");
  await expect(every).toHaveAccessibleDescription("months");
  // Beside the cost, the schedule whole: the cost is each renewal's, not a month's.
  await expect(modal.getByLabel("Frequency").last().locator("option:checked")).toHaveText(
    "Every 3 months",
  );
  await modal.getByLabel("Cost").fill("84");
  await modal.getByRole("button", { name: "Add to Subscriptions" }).click();
  await expect(modal).toBeHidden();

  await expect(row(page, "Subscriptions", "Home insurance")).toContainText("Every 3 months");
  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  const all = dialog(page, "All Subscriptions");
  await expect(all.getByText("Every 3 months")).toBeVisible();
  // 84 four times a year: 336 a year, 28 a month.
  await expect(all).toContainText("$28.00 per month");
  expect((await api.subscriptions.list())[0]).toMatchObject({ frequency: "Monthly", interval: 3 });
});

test("a task every 2 weeks moves two weeks on when marked done, and its form keeps the number", async ({
  page,
  api,
}) => {
  const now = new Date();
  await page.clock.setFixedTime(now);
  await openDashboard(page);
  const modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Put the recycling out");
  await modal.getByLabel("Due Date").fill(utcDatePlus(now, 1));
  const frequency = modal.getByLabel("Frequency");
  await frequency.selectOption("Weekly");
  const every = modal.getByLabel("Repeat every");
  await every.fill("2");
  await expect(every).toHaveAccessibleDescription("weeks");
  // A task that happens once has nothing to repeat; chosen again, the number is still there.
  await frequency.selectOption("Once");
  await expect(every).toBeHidden();
  await frequency.selectOption("Weekly");
  await expect(every).toHaveValue("2");
  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  await answerCalendarOffer(page);
  await expect(modal).toBeHidden();

  const bins = row(page, "Tasks", "Put the recycling out");
  await expect(bins).toContainText(`Due: ${shownDate(utcDatePlus(now, 1))}`);
  await bins.getByRole("button", { name: "Mark done" }).click();
  await expect(bins).toContainText(`Due: ${shownDate(utcDatePlus(now, 15))}`);
  await expect
    .poll(async () => (await api.tasks.list())[0]?.due_date)
    .toBe(`${utcDatePlus(now, 15)}T00:00:00Z`);

  await bins.getByRole("button", { name: "Put the recycling out", exact: true }).click();
  const edit = dialog(page, "Edit task");
  await expect(edit.getByLabel("Repeat every")).toHaveValue("2");
  await expect(edit.getByLabel("Repeat every")).toHaveAccessibleDescription("weeks");
  await edit.getByRole("button", { name: "Cancel" }).click();

  const all = await openAllTasks(page);
  await expect(
    all.getByRole("listitem").filter({ hasText: "Put the recycling out" }),
  ).toContainText("Repeats: Every 2 weeks");
});
