// All Tasks and All Subscriptions over long lists: only the cards in or near the body's view are
// in the document, yet the body scrolls through every one of them by keyboard, in the list's
// order, the cards laid out in rows without overlapping, and the list reads as one list.
import AxeBuilder from "@axe-core/playwright";
import type { LifeAdminClient } from "@life-admin/api-client";
import { sortSubscriptionsByRenewal, sortTasksByPriority } from "@life-admin/domain";
import type { Locator } from "@playwright/test";
import { card, dialog, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });

const TASKS = 240;
/**
 * Enough for All Tasks to draw only a window of them (about 20 cards at this size): axe needs no
 * more, and seeding all 240 took this test past its time on a busy machine (12 s of 32).
 */
const TASKS_FOR_AXE = 60;
const SUBSCRIPTIONS = 120;
const PRIORITIES = ["Low", "Medium", "High"] as const;

/** Calls `create(n)` for n in [0, count), eight at a time. */
async function createAll(count: number, create: (n: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, k) => create(start + k));
    await Promise.all(batch);
  }
}

async function seedTasks(api: LifeAdminClient, count = TASKS): Promise<string[]> {
  const due = `${utcDatePlus(new Date(), 30)}T09:00:00Z`;
  await createAll(count, (n) =>
    api.tasks.create({
      title: `Task ${String(n + 1)}`,
      due_date: due,
      priority: PRIORITIES[n % 3],
      // Cards of different heights: no notes, a line of them, or a paragraph.
      notes: n % 4 === 0 ? null : "Bring the letter. ".repeat(1 + (n % 7)),
    }),
  );
  return sortTasksByPriority(await api.tasks.list()).map((task) => task.title);
}

/** The rendered cards' places in the whole list (aria-posinset), in document order. */
async function places(modal: Locator): Promise<number[]> {
  const values = await modal
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-posinset")));
  return values.map(Number);
}

test("All Tasks renders a window of a long list and scrolls by keyboard to its last task", async ({
  page,
  api,
}) => {
  const titles = await seedTasks(api);
  await openDashboard(page);
  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  const modal = dialog(page, "All Tasks");
  const body = modal.getByRole("region", { name: "All Tasks" });
  await expect(body).toBeFocused();

  await expect(modal.getByRole("heading", { level: 3 }).first()).toHaveText(titles[0] ?? "");
  expect((await places(modal)).length).toBeLessThan(TASKS / 4);
  await expect(modal.getByRole("listitem").first()).toHaveAttribute("aria-setsize", String(TASKS));

  // Rows of three cards at this width, one row under the other.
  const boxes = await modal
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  const [first, second, third, fourth] = boxes;
  expect(second?.top).toBe(first?.top);
  expect(third?.top).toBe(first?.top);
  expect(fourth?.top).toBeGreaterThan(Math.max(first?.bottom ?? 0, third?.bottom ?? 0));

  const lastShown = (await places(modal)).at(-1) ?? 0;
  await page.keyboard.press("PageDown");
  await expect.poll(async () => (await places(modal)).at(-1)).toBeGreaterThan(lastShown);

  await page.keyboard.press("End");
  const last = modal.getByRole("heading", { name: titles.at(-1), exact: true });
  await expect(last).toBeInViewport();
  expect((await places(modal)).at(-1)).toBe(TASKS);
  const shown = await places(modal);
  const shownTitles = await modal.getByRole("heading", { level: 3 }).allTextContents();
  expect(shownTitles).toEqual(shown.map((place) => titles[place - 1]));

  await page.keyboard.press("Home");
  const top = modal.getByRole("heading", { name: titles[0], exact: true });
  await expect(top).toBeInViewport();

  // Quick on the keys: End while the list still moves from PageDown, then Home. The browser's
  // scroll, cut short by the jump, used to go on by what it had left from the top Home had reached.
  for (let round = 0; round < 3; round += 1) {
    await page.keyboard.press("PageDown");
    await page.keyboard.press("End");
    await expect(last).toBeInViewport();
    await page.keyboard.press("Home");
    await expect(top).toBeInViewport();
  }
});

test("All Tasks over a long list has no serious or critical accessibility violations", async ({
  page,
  api,
}) => {
  await seedTasks(api, TASKS_FOR_AXE);
  await openDashboard(page);
  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  const modal = dialog(page, "All Tasks");
  await expect(modal.getByRole("listitem").first()).toHaveAttribute(
    "aria-setsize",
    String(TASKS_FOR_AXE),
  );
  expect((await places(modal)).length).toBeLessThan(TASKS_FOR_AXE);
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((violation) => violation.id)).toEqual([]);
});

test("All Subscriptions keeps a focused link through scrolling and reaches the last renewal", async ({
  page,
  api,
}) => {
  const now = new Date();
  await createAll(SUBSCRIPTIONS, (n) =>
    api.subscriptions.create({
      name: `Subscription ${String(n + 1)}`,
      next_renewal_date: utcDatePlus(now, 1 + ((n * 7) % 300)),
      cost: 9.99,
      frequency: "Monthly",
      priority: "Medium",
      remind_days_before: 3,
      cancel_link: `https://example.com/cancel/${String(n + 1)}`,
    }),
  );
  const names = sortSubscriptionsByRenewal(await api.subscriptions.list()).map((s) => s.name);
  await openDashboard(page);
  await card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }).click();
  const modal = dialog(page, "All Subscriptions");
  await expect(modal.getByRole("region", { name: "All Subscriptions" })).toBeFocused();

  // The first card's name (issue 18: it opens the edit form), its Active switch, then its link.
  const first = modal.getByRole("listitem").first();
  await page.keyboard.press("Tab");
  await expect(first.getByRole("button", { name: names[0] ?? "", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const link = modal.getByRole("link", {
    name: `Manage Subscription for ${names[0] ?? ""} (opens`,
  });
  await expect(link).toBeFocused();
  // Scrolled far from it, the focused card stays in the document, and focus with it.
  await page.keyboard.press("End");
  await expect(modal.getByRole("heading", { name: names.at(-1), exact: true })).toBeInViewport();
  await expect(link).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(first.getByRole("switch", { name: "Active" })).toBeFocused();
});
