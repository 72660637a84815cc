// Issue 22: "change currency and see every amount follow". A person of their own (no tasks, two
// subscriptions) sees US dollars first, as an en-US browser's region says; after picking euros
// and then yen in Settings, every amount on the dashboard (Renewals Soon, Subscriptions, All
// Subscriptions' cards and totals) and the Add form's sign before the cost are in that currency,
// with its own decimals. A new name in Settings shows in the header. In yen, the Add form's cost
// takes no decimals.
import type { Locator, Page } from "@playwright/test";
import {
  card,
  dialog,
  openAddSubscription,
  openDashboard,
  utcDatePlus,
} from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });

/** Settings' Profile section, reached from the account menu (the header's name). */
async function openProfile(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByRole("textbox", { name: "Name" })).toHaveValue(name);
  return profile;
}

async function saveProfile(profile: Locator): Promise<void> {
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Saved.");
}

async function backToDashboard(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(card(page, "Renewals Soon").getByRole("listitem")).toHaveCount(2);
}

/** Every amount the dashboard shows, and the Add form's sign, in one currency. */
async function expectAmounts(
  page: Page,
  amounts: { netflix: string; cloud: string; monthly: string; yearly: string; sign: string },
  otherSigns: readonly string[],
): Promise<void> {
  const renewals = card(page, "Renewals Soon");
  await expect(renewals.getByRole("listitem").filter({ hasText: "Netflix" })).toContainText(
    amounts.netflix,
  );
  await expect(renewals.getByRole("listitem").filter({ hasText: "Cloud storage" })).toContainText(
    amounts.cloud,
  );
  const summary = card(page, "Subscriptions");
  await expect(summary.getByRole("listitem").filter({ hasText: "Netflix" })).toContainText(
    amounts.netflix,
  );
  await expect(summary.getByRole("listitem").filter({ hasText: "Cloud storage" })).toContainText(
    amounts.cloud,
  );
  for (const sign of otherSigns) await expect(page.getByRole("main")).not.toContainText(sign);

  await summary.getByRole("button", { name: "View all subscriptions" }).click();
  const all = dialog(page, "All Subscriptions");
  await expect(all.getByRole("listitem").filter({ hasText: "Netflix" })).toContainText(
    amounts.netflix,
  );
  await expect(all).toContainText(`${amounts.monthly} per month`);
  await expect(all).toContainText(`${amounts.yearly} per year`);
  for (const sign of otherSigns) await expect(all).not.toContainText(sign);
  await page.keyboard.press("Escape");
  await expect(all).toBeHidden();

  const add = await openAddSubscription(page);
  await expect(add.getByLabel("Cost")).toHaveAccessibleDescription(amounts.sign);
  await page.keyboard.press("Escape");
  await expect(add).toBeHidden();
}

test("every amount follows the currency picked in Settings, and the header the new name", async ({
  page,
  api,
  account,
}) => {
  const now = new Date();
  await api.subscriptions.create({
    name: "Netflix",
    next_renewal_date: utcDatePlus(now, 2),
    cost: 1234.5,
    frequency: "Monthly",
    priority: "Medium",
    remind_days_before: 3,
  });
  await api.subscriptions.create({
    name: "Cloud storage",
    next_renewal_date: utcDatePlus(now, 5),
    cost: 120,
    frequency: "Yearly",
    priority: "Medium",
    remind_days_before: 7,
  });

  // 1,234.50 x 12 + 120 = 14,934 a year; 1,244.50 a month.
  await openDashboard(page);
  await expectAmounts(
    page,
    {
      netflix: "$1,234.50",
      cloud: "$120.00",
      monthly: "$1,244.50",
      yearly: "$14,934.00",
      sign: "$",
    },
    ["€", "¥"],
  );

  let profile = await openProfile(page, account.name);
  await expect(profile.getByRole("combobox", { name: "Currency" })).toHaveValue("USD");
  await profile.getByRole("combobox", { name: "Currency" }).selectOption("EUR");
  await saveProfile(profile);
  await backToDashboard(page);
  await expectAmounts(
    page,
    {
      netflix: "€1,234.50",
      cloud: "€120.00",
      monthly: "€1,244.50",
      yearly: "€14,934.00",
      sign: "€",
    },
    ["$", "¥"],
  );

  // Yen have no decimals: 1,234.5 is written 1,235.
  profile = await openProfile(page, account.name);
  await expect(profile.getByRole("combobox", { name: "Currency" })).toHaveValue("EUR");
  await profile.getByRole("combobox", { name: "Currency" }).selectOption("JPY");
  await profile.getByRole("textbox", { name: "Name" }).fill("Ada Byron");
  await saveProfile(profile);
  await backToDashboard(page);
  await expect(page.getByRole("button", { name: "Ada Byron", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: account.name, exact: true })).toHaveCount(0);
  await expectAmounts(
    page,
    { netflix: "¥1,235", cloud: "¥120", monthly: "¥1,245", yearly: "¥14,934", sign: "¥" },
    ["$", "€"],
  );

  // What the API keeps, read back as another device would.
  const me = await api.users.me();
  expect(me).toMatchObject({ full_name: "Ada Byron", currency: "JPY", currency_chosen: true });

  // And after a reload, from the API again.
  await page.reload();
  await expect(card(page, "Renewals Soon").getByRole("listitem").first()).toContainText("¥1,235");

  // The Add form's cost takes yen's decimals (none), and says so rather than storing 1,234.5.
  const add = await openAddSubscription(page);
  const cost = add.getByLabel("Cost");
  await expect(cost).toHaveAttribute("placeholder", "0");
  await add.getByLabel("Subscription Name").fill("Gym");
  await add.getByLabel("Next renewal Date").fill(utcDatePlus(now, 9));
  await cost.fill("1234.5");
  await add.getByRole("button", { name: "Add to Subscriptions" }).click();
  await expect(cost).toHaveAccessibleDescription("¥ Japanese Yen amounts have no decimals");
  await cost.fill("1234");
  await add.getByRole("button", { name: "Add to Subscriptions" }).click();
  await expect(add).toBeHidden();
  await expect(
    card(page, "Subscriptions").getByRole("listitem").filter({ hasText: "Gym" }),
  ).toContainText("¥1,234");
});
