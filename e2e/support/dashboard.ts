// The dashboard as a user finds their way around it: by headings, roles and labels.
import { type Locator, type Page, expect } from "@playwright/test";

/** Opens /dashboard and waits until the data has loaded (the greeting shows). */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();
}

/** One of the dashboard's cards ("Priority Tasks", "Renewals Soon", "Tasks", ...). */
export function card(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole("dialog", { name: title });
}

/** The dashboard, then its Tasks card's "View all tasks": the All Tasks modal. */
export async function openAllTasks(page: Page): Promise<Locator> {
  await openDashboard(page);
  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  return dialog(page, "All Tasks");
}

/** "Add Task/Event", then "Add Task" in the chooser: the Add New Task/Subscription modal. */
export async function openAddTask(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add Task/Event" }).click();
  await dialog(page, "What would you like to add?")
    .getByRole("button", { name: /^Add Task/ })
    .click();
  const modal = dialog(page, "Add New Task/Subscription");
  await expect(modal).toBeVisible();
  return modal;
}

/** The Add modal on its Subscription tab. */
export async function openAddSubscription(page: Page): Promise<Locator> {
  const modal = await openAddTask(page);
  await modal.getByRole("tab", { name: "Subscription" }).click();
  await expect(modal.getByLabel("Subscription Name")).toBeVisible();
  return modal;
}

/** The level-3 headings of a list modal's cards, in order. */
export function cardTitles(modal: Locator): Locator {
  return modal.getByRole("heading", { level: 3 });
}

/** A calendar date `days` after `now`'s UTC date, as `YYYY-MM-DD`. */
export function utcDatePlus(now: Date, days: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/**
 * What a person does after "Save and add to calendar": an account that has not added the feed is
 * offered it (issue 19), and answers "I've added it"; one that has is told the task will appear
 * there.
 */
export async function answerCalendarOffer(page: Page): Promise<void> {
  const offer = dialog(page, "Add your tasks to your calendar");
  const saved = page.getByRole("status").filter({ hasText: "It will appear in your calendar" });
  await expect(offer.or(saved)).toBeVisible();
  if (await offer.isVisible()) {
    await offer.getByRole("button", { name: "I've added it" }).click();
    await expect(offer).toBeHidden();
  }
}
