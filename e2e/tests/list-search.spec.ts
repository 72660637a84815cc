// A person with a long list finds one record by a word of it: All Tasks' and All Subscriptions'
// search, in Chromium, by keyboard alone at 1280 px and at 390 px on a phone.
import AxeBuilder from "@axe-core/playwright";
import type { LifeAdminClient } from "@life-admin/api-client";
import { fileCalls } from "@life-admin/api-client/files";
import type { Page } from "@playwright/test";
import { card, dialog, openAllTasks, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { PNG } from "../support/sample-files.js";

test.use({ ownAccount: true });

const TASKS = 80;

async function seedTasks(api: LifeAdminClient): Promise<void> {
  const due = `${utcDatePlus(new Date(), 30)}T09:00:00Z`;
  for (let start = 0; start < TASKS; start += 8) {
    await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        api.tasks.create({ title: `Task ${String(start + k + 1)}`, due_date: due }),
      ),
    );
  }
  await api.tasks.create({
    title: "Renew the passport",
    due_date: due,
    priority: "Low",
    frequency: "Once",
    notes: "Photos from the booth on the high street",
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => violation.id);
}

test("All Tasks finds a task by the words of its notes, by keyboard, and gives the list back", async ({
  page,
  api,
}) => {
  await seedTasks(api);
  const modal = await openAllTasks(page);
  const body = modal.getByRole("region", { name: "All Tasks" });
  await expect(body).toBeFocused();
  // Far down the list, where the passport's Low task is, the search is one Shift+Tab away.
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Tab");
  const search = modal.getByRole("searchbox", { name: "Search tasks" });
  await expect(search).toBeFocused();

  await page.keyboard.type("booth PHOTOS");
  await expect(search).toHaveAccessibleDescription(`1 of ${String(TASKS + 1)} tasks`);
  const found = modal.getByRole("listitem");
  await expect(found).toHaveCount(1);
  await expect(found.getByRole("heading")).toHaveText("Renew the passport");
  await expect(found).toBeInViewport();

  // Marked done from the search, by keyboard: past the list's region to the card's first control.
  await page.keyboard.press("Tab");
  await expect(body).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(found.getByRole("button", { name: "Mark done Renew the passport" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(found).toContainText("✓ Completed");

  // Escape in the field clears it and shows every task again; the next closes the dialog.
  await search.focus();
  await page.keyboard.press("Escape");
  await expect(search).toHaveValue("");
  await expect(modal.getByRole("listitem").first()).toHaveAttribute(
    "aria-setsize",
    String(TASKS + 1),
  );
  await expect(modal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
});

test("All Tasks' search says when nothing matches and has no serious accessibility violation", async ({
  page,
  api,
}) => {
  await seedTasks(api);
  const modal = await openAllTasks(page);
  const search = modal.getByRole("searchbox", { name: "Search tasks" });
  // "/" from the list goes to the search, as in a mail app.
  await expect(modal.getByRole("region", { name: "All Tasks" })).toBeFocused();
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type("dentist");
  await expect(modal.getByText("No tasks match “dentist”.")).toBeVisible();
  await expect(search).toHaveAccessibleDescription(`0 of ${String(TASKS + 1)} tasks`);
  expect(await seriousViolations(page)).toEqual([]);
});

test("All Tasks shows what is left to do, by keyboard, a task done there staying until the next choice", async ({
  page,
  api,
}) => {
  const due = `${utcDatePlus(new Date(), 10)}T09:00:00Z`;
  const sent = await api.tasks.create({
    title: "Send the form",
    due_date: due,
    frequency: "Once",
    priority: "High",
  });
  await api.tasks.complete(sent.id);
  for (const title of ["Book the dentist", "Tax the car"]) {
    await api.tasks.create({ title, due_date: due, frequency: "Once", priority: "Medium" });
  }
  const modal = await openAllTasks(page);
  const titles = modal.getByRole("listitem").getByRole("heading");
  // The spec's order: the done High task before the pending Medium ones.
  await expect(titles).toHaveText(["Send the form", "Book the dentist", "Tax the car"]);

  // From the list, past the search, to "To do".
  await expect(modal.getByRole("region", { name: "All Tasks" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  const toDo = modal.getByRole("group", { name: "Show" }).getByRole("button", { name: /^To do/ });
  await expect(toDo).toBeFocused();
  await expect(toDo).toHaveText("To do 2");
  await page.keyboard.press("Enter");
  await expect(toDo).toHaveAttribute("aria-pressed", "true");
  await expect(titles).toHaveText(["Book the dentist", "Tax the car"]);

  await modal.getByRole("button", { name: "Mark done Book the dentist" }).click();
  await expect(modal.getByRole("listitem").first()).toContainText("✓ Completed");
  await expect(titles).toHaveText(["Book the dentist", "Tax the car"]);
  await expect(modal.getByRole("button", { name: /^Done/ })).toHaveText("Done 2");
  await modal.getByRole("button", { name: /^Done/ }).click();
  await expect(titles).toHaveText(["Send the form", "Book the dentist"]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("Documents finds a file by a word of its name, '/' going to its search", async ({
  page,
  api,
  account,
}) => {
  for (const name of ["council-tax-2026.png", "boiler-service.png", "passport-photo.png"]) {
    await fileCalls(api).upload(new Blob([new Uint8Array(PNG)]), name);
  }
  await openDashboard(page);
  await page.getByRole("button", { name: account.name }).click();
  await page.getByRole("menuitem", { name: "Documents" }).click();
  const documents = dialog(page, "Documents");
  await expect(documents.getByRole("listitem")).toHaveCount(3);
  // The list comes after the dialog opened: focus stays where it started, not in the search.
  const search = documents.getByRole("searchbox", { name: "Search documents" });
  await expect(search).not.toBeFocused();

  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type("boiler");
  await expect(search).toHaveAccessibleDescription("1 of 3 documents");
  await expect(documents.getByRole("listitem")).toHaveCount(1);
  await expect(documents.getByRole("listitem")).toContainText("boiler-service.png");
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("All Subscriptions finds a subscription by a word of its name, the field within the screen", async ({
    page,
    api,
  }) => {
    const now = new Date();
    for (const [n, name] of [
      "Netflix",
      "Spotify Family",
      "The Guardian",
      "Gym membership",
    ].entries()) {
      await api.subscriptions.create({
        name,
        next_renewal_date: utcDatePlus(now, 3 + n),
        cost: 9.99,
        frequency: "Monthly",
        priority: "Medium",
        remind_days_before: 3,
      });
    }
    await openDashboard(page);
    await card(page, "Subscriptions")
      .getByRole("button", { name: "View all subscriptions" })
      .click();
    const modal = dialog(page, "All Subscriptions");
    const search = modal.getByRole("searchbox", { name: "Search subscriptions" });
    // Opening the list does not bring up the phone's keyboard: focus starts on the list.
    await expect(modal.getByRole("region", { name: "All Subscriptions" })).toBeFocused();
    await search.tap();
    await page.keyboard.type("gym");
    await expect(search).toHaveAccessibleDescription("1 of 4 subscriptions");
    await expect(modal.getByRole("listitem").getByRole("heading")).toHaveText("Gym membership");
    // Every active subscription still counts in the totals above the search.
    await expect(modal).toContainText("4 active");

    const box = await search.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
