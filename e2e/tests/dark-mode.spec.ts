// Dark mode: with the system set to dark (prefers-color-scheme), every screen is dark, from the
// waiting state painted before any script runs to each dialog, and keeps WCAG AA contrast: axe's
// color-contrast for text (4.5:1), and here 3:1 for what axe does not measure (focus ring, today).
// There is no switch of the app's own: it follows the system (packages/ui tokens.css).
import AxeBuilder from "@axe-core/playwright";
import { fileCalls } from "@life-admin/api-client/files";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { card, dialog, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { PNG } from "../support/sample-files.js";

test.use({ colorScheme: "dark" });

/** WCAG 2.2's relative luminance of a computed colour ("rgb(15, 18, 24)"; alpha ignored). */
function luminance(color: string): number {
  const channels = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  if (channels.length !== 3) throw new Error(`Not a computed colour: ${color}`);
  const [r = 0, g = 0, b = 0] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.040_45 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** Dark, as a page at night should be: the light theme's page is 0.91, black is 0. */
const DARK = 0.05;

async function backgroundOf(element: Locator): Promise<string> {
  return element.evaluate((node) => getComputedStyle(node).backgroundColor);
}

async function bodyBackground(page: Page): Promise<string> {
  return page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
}

/**
 * axe's colour-contrast findings alone (its other rules are accessibility.spec.ts's, in light,
 * and do not depend on the scheme), described so that a failure says which colours and where.
 */
async function contrastViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  );
}

/** The page, and the dialog on top when one is open, are dark; axe finds no text below AA. */
async function expectDarkAndReadable(page: Page): Promise<void> {
  expect(luminance(await bodyBackground(page))).toBeLessThan(DARK);
  const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
  if ((await dialogs.count()) > 0) {
    expect(luminance(await backgroundOf(dialogs.last()))).toBeLessThan(DARK);
  }
  expect(await contrastViolations(page)).toEqual([]);
}

/** The picture of what is on screen, at 1280 and 390 pixels wide, attached to the report. */
async function picture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`dark-${name}-${String(size.width)}.png`);
    const modal = (await page.getByRole("dialog").count()) > 0;
    // A whole page from its top, the sticky header where a person first sees it.
    if (!modal) {
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
    }
    const body = await page.screenshot({ path, fullPage: !modal, animations: "disabled" });
    await testInfo.attach(`${name}, dark, at ${String(size.width)} px`, {
      body,
      contentType: "image/png",
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The outer ring of a focused control's box-shadow (the focus ring's colour). */
async function ringColour(control: Locator): Promise<string> {
  const shadow = await control.evaluate((element) => getComputedStyle(element).boxShadow);
  const colours = shadow.match(/rgba?\([^)]*\)/g) ?? [];
  const ring = colours.at(-1);
  if (ring === undefined) throw new Error(`No focus ring: ${shadow}`);
  return ring;
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test.describe("before any script has run", () => {
    test.use({ javaScriptEnabled: false });

    test("the waiting state is dark, its message readable", async ({ page }) => {
      await page.goto("/dashboard");
      const message = page.getByRole("status");
      await expect(message).toHaveText("Loading...");
      const background = await bodyBackground(page);
      expect(luminance(background)).toBeLessThan(DARK);
      const text = await message.evaluate((node) => getComputedStyle(node).color);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    });
  });

  test("the sign-up page is dark and readable", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
    await expectDarkAndReadable(page);
  });
});

test.describe("signed in", () => {
  test.use({ ownAccount: true });

  test.beforeEach(async ({ api }) => {
    const now = new Date();
    await api.tasks.create({
      title: "Post the forms",
      due_date: `${utcDatePlus(now, -1)}T00:00:00Z`,
      frequency: "Once",
      priority: "High",
    });
    const done = await api.tasks.create({
      title: "Book the MOT",
      due_date: `${utcDatePlus(now, 1)}T09:00:00Z`,
      frequency: "Once",
      priority: "Medium",
    });
    await api.tasks.complete(done.id);
    await api.tasks.create({
      title: "Call the bank",
      due_date: `${utcDatePlus(now, 0)}T23:00:00Z`,
      priority: "Low",
      notes: "About the new card",
    });
    // Renewing within its reminder: in the bell.
    await api.subscriptions.create({
      name: "Netflix",
      next_renewal_date: utcDatePlus(now, 3),
      cost: 15.49,
      frequency: "Monthly",
      priority: "High",
      remind_days_before: 3,
      cancel_link: "https://www.netflix.com/cancelplan",
    });
    const paused = await api.subscriptions.create({
      name: "Spotify",
      next_renewal_date: utcDatePlus(now, 12),
      cost: 11.99,
      frequency: "Monthly",
      priority: "Low",
      remind_days_before: 7,
    });
    await api.subscriptions.update(paused.id, { active: false });
  });

  test("the dashboard is dark and readable, its focus ring and today 3:1", async ({
    page,
  }, testInfo) => {
    await openDashboard(page);
    await expectDarkAndReadable(page);

    const tasks = card(page, "Tasks");
    const surface = await backgroundOf(tasks);
    const viewAll = tasks.getByRole("button", { name: "View all tasks" });
    await tabTo(page, viewAll, 80);
    expect(contrast(await ringColour(viewAll), surface)).toBeGreaterThanOrEqual(3);

    const today = page.locator('[aria-current="date"]');
    const border = await today.evaluate((day) => getComputedStyle(day).borderTopColor);
    expect(contrast(border, await backgroundOf(today))).toBeGreaterThanOrEqual(3);
    await picture(page, testInfo, "dashboard");
  });

  test("the Add form, with its messages and its discard question, is readable", async ({
    page,
  }) => {
    await openDashboard(page);
    const add = await openAddTask(page);
    await add.getByRole("button", { name: "Save and add to calendar" }).click();
    await expect(add.getByText("Task title is required")).toBeVisible();
    await expectDarkAndReadable(page);

    await add.getByLabel("Task Title").fill("Renew passport");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog", { name: "Discard what you typed?" })).toBeVisible();
    await expectDarkAndReadable(page);
  });

  test("All Tasks, All Subscriptions and All Events are readable", async ({ page }, testInfo) => {
    await openDashboard(page);
    await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
    await expect(dialog(page, "All Tasks").getByRole("heading", { level: 3 })).toHaveCount(3);
    await expectDarkAndReadable(page);
    await page.keyboard.press("Escape");

    await card(page, "Subscriptions")
      .getByRole("button", { name: "View all subscriptions" })
      .click();
    const subscriptions = dialog(page, "All Subscriptions");
    await expect(subscriptions.getByRole("switch", { name: "Active" })).toHaveCount(2);
    await expectDarkAndReadable(page);
    await picture(page, testInfo, "all-subscriptions");
    await page.keyboard.press("Escape");

    await card(page, "Upcoming Events").getByRole("button", { name: "View all events" }).click();
    await expect(dialog(page, "All Events")).toBeVisible();
    await expectDarkAndReadable(page);
  });

  test("Upload Files, Documents and Notifications are readable", async ({ page, api, account }) => {
    await fileCalls(api).upload(new Blob([new Uint8Array(PNG)]), "receipt.png");
    await openDashboard(page);
    await page.getByRole("button", { name: "Upload File" }).click();
    const upload = dialog(page, "Upload Files");
    await upload
      .getByLabel("Drag and drop files here or click here to take a picture")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
    await expect(upload.getByRole("alert")).toBeVisible();
    await expectDarkAndReadable(page);
    await upload.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: account.name, exact: true }).click();
    await page.getByRole("menuitem", { name: "Documents" }).click();
    await expect(dialog(page, "Documents").getByText("receipt.png")).toBeVisible();
    await expectDarkAndReadable(page);
    await page.keyboard.press("Escape");

    // Netflix's renewal, the overdue task and the one due today, unread.
    await page.getByRole("button", { name: "Notifications, 3 unread" }).click();
    await expect(dialog(page, "Notifications").getByRole("listitem")).toHaveCount(3);
    await expectDarkAndReadable(page);
  });

  test("Settings is dark and readable", async ({ page }, testInfo) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Household" }).getByText(/Loading your household/),
    ).toHaveCount(0);
    await expectDarkAndReadable(page);
    await picture(page, testInfo, "settings");
  });
});
