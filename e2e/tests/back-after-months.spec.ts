// A person comes back after three months away: their recurring tasks are each overdue once (not
// once per missed day), the bell is cleared in one go, a daily task marked done late moves to
// today, and no subscription shows a renewal in the past, a paused one resumed included
// (decisions D9, D10, D13). Seeded through the API with past dates.
import type { Page } from "@playwright/test";
import { card, dialog, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import type { LifeAdminClient } from "@life-admin/api-client";

test.use({ ownAccount: true });

const now = new Date();
const ago = (days: number) => utcDatePlus(now, -days);
const shown = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC" });

async function seedThreeMonthsAgo(api: LifeAdminClient) {
  const tasks = [
    { title: "Take vitamins", due_date: `${ago(91)}T00:00:00Z`, frequency: "Daily" },
    { title: "Put the bins out", due_date: `${ago(90)}T07:00:00Z`, frequency: "Weekly" },
    { title: "Pay rent", due_date: `${ago(92)}T09:00:00Z`, frequency: "Monthly" },
    { title: "Car MOT", due_date: `${ago(80)}T00:00:00Z`, frequency: "Yearly" },
    { title: "Renew passport", due_date: `${ago(100)}T00:00:00Z`, frequency: "Once" },
  ] as const;
  for (const task of tasks) await api.tasks.create({ ...task, priority: "High" });
  const subscription = { cost: 10, remind_days_before: 7, priority: "Medium" } as const;
  // A yearly renewal months away rings nothing; a weekly one is always within its 7 days.
  await api.subscriptions.create({
    ...subscription,
    name: "Amazon Prime",
    frequency: "Yearly",
    next_renewal_date: ago(90),
  });
  await api.subscriptions.create({
    ...subscription,
    name: "Veg box",
    frequency: "Weekly",
    next_renewal_date: ago(90),
  });
  await api.subscriptions.create({
    ...subscription,
    name: "Newspaper",
    frequency: "Weekly",
    next_renewal_date: ago(89),
    active: false,
  });
}

const bell = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test("the bell lists each missed task once and is cleared in one go", async ({ page, api }) => {
  await seedThreeMonthsAgo(api);
  await openDashboard(page);
  // Five tasks overdue, one renewal: not one reminder per missed day.
  await bell(page, "Notifications, 6 unread").click();
  const list = dialog(page, "Notifications");
  await expect(list.getByRole("listitem")).toHaveCount(6);
  await expect(list.getByRole("button", { name: /^Take vitamins Overdue since / })).toHaveCount(1);
  await list.getByRole("button", { name: "Mark all as read" }).click();
  await expect(list.getByText("Unread")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(bell(page, "Notifications")).toBeVisible();
});

test("a daily task done late moves to today; renewals roll forward, a resumed one too", async ({
  page,
  api,
}) => {
  await seedThreeMonthsAgo(api);
  await openDashboard(page);
  const vitamins = card(page, "Tasks").getByRole("listitem").filter({ hasText: "Take vitamins" });
  await expect(vitamins).toContainText(`Overdue since ${shown(ago(91))}`);
  await vitamins.getByRole("button", { name: "Mark done" }).click();
  await expect(vitamins).toContainText(`Due: ${shown(ago(0))}`);

  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  const all = dialog(page, "All Subscriptions");
  const row = (name: string) => all.getByRole("listitem").filter({ hasText: name });
  // A year on from the date entered (a 29 February aside).
  const yearOn = `${String(Number(ago(90).slice(0, 4)) + 1)}${ago(90).slice(4)}`;
  await expect(row("Amazon Prime")).toContainText(shown(yearOn));
  await expect(row("Veg box")).toContainText(shown(utcDatePlus(now, 1)));
  await expect(row("Newspaper")).toContainText("Paused");
  await row("Newspaper").getByRole("switch", { name: "Active" }).click();
  // Thirteen weeks on from 89 days ago: in two days, not the date entered.
  await expect(row("Newspaper")).toContainText(shown(utcDatePlus(now, 2)));
  await expect(row("Newspaper")).not.toContainText(shown(ago(89)));
});
