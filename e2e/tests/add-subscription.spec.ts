// Issue 6, item 5: adding a subscription. The page's clock is pinned to the moment the dates
// below are counted from, so that "in 5 days" cannot turn into "in 4 days" at midnight.
import {
  card,
  cardTitles,
  dialog,
  openAddSubscription,
  openDashboard,
  utcDatePlus,
} from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });

const CANCEL_PAGE = "https://cancel.example.test/netflix";

function shownDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(new Date(isoDate));
}

test("a subscription added on the form shows in Renewals Soon and All Subscriptions", async ({
  page,
  context,
  api,
}) => {
  const now = new Date();
  await page.clock.setFixedTime(now);
  const base = {
    cost: 10,
    frequency: "Monthly",
    priority: "Medium",
    remind_days_before: 7,
  } as const;
  await api.subscriptions.create({ ...base, name: "Gym", next_renewal_date: utcDatePlus(now, 2) });
  await api.subscriptions.create({
    ...base,
    name: "Cloud storage",
    next_renewal_date: utcDatePlus(now, 20),
  });
  // Beyond the 30 days of Renewals Soon (spec 9), but in All Subscriptions.
  await api.subscriptions.create({
    ...base,
    name: "Magazine",
    next_renewal_date: utcDatePlus(now, 45),
  });
  const renewal = utcDatePlus(now, 5);

  await openDashboard(page);
  const modal = await openAddSubscription(page);
  // issue 22: the cost is in the person's currency, an en-US browser's (US dollars) until they
  // pick one, as the lists show it.
  await expect(modal.getByText("$", { exact: true })).toBeVisible();
  await expect(modal.getByLabel("Cost")).toHaveAccessibleDescription("$");
  await expect(modal.getByText("Medium Priority")).toBeVisible();

  await modal.getByLabel("Subscription Name").fill("Netflix");
  await modal.getByLabel("Next renewal Date").fill(renewal);
  await modal.getByLabel("Frequency").first().selectOption("Monthly");
  // spec 2: the second Frequency shows the same value.
  await expect(modal.getByLabel("Frequency").last()).toHaveValue("Monthly");
  await modal.getByLabel("Cost").fill("15.49");
  await modal.getByLabel("Remind Me").selectOption("3 days before");
  await modal.getByLabel("Cancelation link").fill(CANCEL_PAGE);
  await modal.getByRole("button", { name: "Add to Subscriptions" }).click();
  await expect(modal).toBeHidden();
  // Said where a screen reader hears it, and seen: the new row may be out of sight.
  await expect(
    page.getByRole("status").filter({ hasText: "Saved. “Netflix” is in your subscriptions." }),
  ).toBeVisible();

  const renewals = card(page, "Renewals Soon");
  await expect(renewals.getByRole("listitem")).toHaveCount(3);
  await expect(renewals.getByRole("listitem").nth(0)).toContainText("Gym");
  await expect(renewals.getByRole("listitem").nth(1)).toHaveText("NetflixRenews in 5 days$15.49");
  await expect(renewals.getByRole("listitem").nth(2)).toContainText("Cloud storage");
  await expect(renewals).not.toContainText("Magazine");

  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  const all = dialog(page, "All Subscriptions");
  await expect(cardTitles(all)).toHaveText(["Gym", "Netflix", "Cloud storage", "Magazine"]);
  const netflix = all.getByRole("listitem").filter({ hasText: "Netflix" });
  await expect(netflix).toContainText("Monthly");
  await expect(netflix).toContainText("$15.49");
  await expect(netflix).toContainText(`Next Renewal: ${shownDate(renewal)} in 5 days`);
  await expect(netflix).toContainText("Reminder: 3 days before");
  await expect(netflix).toContainText("Medium Priority");

  // "Manage Subscription →" opens the cancel page in a new tab (an outside site: answered here).
  await context.route(`${CANCEL_PAGE}*`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<title>Cancel Netflix</title><h1>Cancel</h1>",
    }),
  );
  const link = netflix.getByRole("link", {
    name: "Manage Subscription for Netflix (opens in a new tab)",
  });
  await expect(link).toContainText("Manage Subscription →");
  const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await expect(tab).toHaveTitle("Cancel Netflix");
  expect(tab.url()).toBe(CANCEL_PAGE);
  expect(await tab.evaluate(() => window.opener === null)).toBe(true);
  expect(page.url()).toMatch(/\/dashboard$/);
});

test("a javascript: cancel link is refused with a message, and nothing is saved", async ({
  page,
  api,
}) => {
  const now = new Date();
  await page.clock.setFixedTime(now);
  await openDashboard(page);
  const modal = await openAddSubscription(page);
  await modal.getByLabel("Subscription Name").fill("Sketchy");
  await modal.getByLabel("Next renewal Date").fill(utcDatePlus(now, 3));
  await modal.getByLabel("Cost").fill("1.00");
  await modal.getByLabel("Cancelation link").fill("javascript:alert(1)");
  await modal.getByRole("button", { name: "Add to Subscriptions" }).click();

  const message = "Cancel link must be a full web address starting with http:// or https://";
  await expect(modal.getByText(message)).toBeVisible();
  await expect(modal.getByLabel("Cancelation link")).toHaveAccessibleDescription(
    new RegExp(message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")),
  );
  await expect(modal).toBeVisible();
  expect(await api.subscriptions.list()).toEqual([]);
});
