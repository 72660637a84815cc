// The app as people move through a browser: Back and Forward over the dashboard's dialogs, a
// reload with one open, a bookmark of a signed-in page opened while signed out, an address typed
// wrong, and two tabs of the dashboard, a change made in one seen in the other when the person
// comes back to it.
import type { Page } from "@playwright/test";
import {
  answerCalendarOffer,
  card,
  dialog,
  openAddTask,
  openDashboard,
} from "../support/dashboard.js";
import { expect, newPerson, test } from "../support/fixtures.js";
import { fillProviderForm } from "../support/sign-in.js";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("Back closes All Tasks and stays on the dashboard; Forward and a reload open it again", async ({
    page,
    stack,
  }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "View all tasks" }).click();
    const list = dialog(page, "All Tasks");
    await expect(list).toBeVisible();

    await page.goBack();
    await expect(list).toBeHidden();
    await expect(page).toHaveURL(`${stack.webUrl}/dashboard`);
    await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();

    await page.goForward();
    await expect(list).toBeVisible();
    await page.reload();
    await expect(list).toBeVisible();
  });

  test("Back on a half-typed Add form asks before anything is lost", async ({ page, stack }) => {
    await openDashboard(page);
    const form = await openAddTask(page);
    await form.getByLabel("Task Title").fill("Renew the parking permit");

    await page.goBack();
    const question = page.getByRole("alertdialog", { name: "Discard what you typed?" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await expect(form.getByLabel("Task Title")).toHaveValue("Renew the parking permit");
    await expect(page).toHaveURL(`${stack.webUrl}/dashboard`);

    await page.goBack();
    await question.getByRole("button", { name: "Discard" }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(`${stack.webUrl}/dashboard`);
  });

  test.describe("with a calendar not yet added", () => {
    test.use({ ownAccount: true });

    test("Back on the calendar's offer after a save closes it and stays on the dashboard", async ({
      page,
      stack,
    }) => {
      await openDashboard(page);
      const form = await openAddTask(page);
      await form.getByLabel("Task Title").fill("Book a dentist");
      await form.getByLabel("Due Date").fill("2030-03-15");
      await form.getByRole("button", { name: "Save and add to calendar" }).click();
      const offer = dialog(page, "Add your tasks to your calendar");
      await expect(offer).toBeVisible();

      await page.goBack();
      await expect(offer).toBeHidden();
      await expect(page).toHaveURL(`${stack.webUrl}/dashboard`);
      await expect(card(page, "Tasks")).toContainText("Book a dentist");
    });
  });
});

test("a reload with a half-typed form open has the browser ask first, and staying keeps it", async ({
  page,
}) => {
  await openDashboard(page);
  const form = await openAddTask(page);
  await form.getByLabel("Task Title").fill("Renew the parking permit");

  // Chromium's own question ("Leave site?"): dismissed, the page stays as it was, and the reload
  // never ends (its promise is settled when the test closes the page).
  const asked = page.waitForEvent("dialog");
  void page.reload().catch(() => undefined);
  const question = await asked;
  expect(question.type()).toBe("beforeunload");
  await question.dismiss();
  await expect(form.getByLabel("Task Title")).toHaveValue("Renew the parking permit");
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a bookmark of Settings opened signed out lands on Settings once signed in", async ({
    page,
    stack,
  }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await fillProviderForm(page, newPerson("Bookmark"));

    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page).toHaveURL(`${stack.webUrl}/settings`);
    await expect(page).toHaveTitle("Settings · Life Admin");
  });
});

test("an address typed wrong says there is no such page, and leads to the dashboard", async ({
  page,
  stack,
}) => {
  await page.goto("/dashbord");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Life Admin");
  await expect(page).toHaveURL(`${stack.webUrl}/dashbord`);

  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();
  await expect(page).toHaveURL(`${stack.webUrl}/dashboard`);
});

/**
 * The person goes to another window and comes back to `page`'s. (Headless Chromium keeps every
 * tab visible and focused, so the window's own blur and focus are sent as the browser would.)
 */
async function leaveAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.dispatchEvent(new FocusEvent("blur"));
    window.dispatchEvent(new FocusEvent("focus"));
  });
}

test.describe("two tabs", () => {
  test.use({ ownAccount: true });

  test("a task added in one tab shows in the other when the person comes back to it", async ({
    page,
    context,
  }) => {
    await openDashboard(page);
    const other = await context.newPage();
    await openDashboard(other);

    const modal = await openAddTask(other);
    await modal.getByLabel("Task Title").fill("Return the library books");
    await modal.getByLabel("Due Date").fill("2031-03-01");
    await modal.getByRole("button", { name: "Save and add to calendar" }).click();
    await expect(modal).toBeHidden();
    await answerCalendarOffer(other);
    await expect(card(other, "Tasks")).toContainText("Return the library books");

    await page.bringToFront();
    await leaveAndComeBack(page);
    await expect(card(page, "Tasks")).toContainText("Return the library books");
  });
});
