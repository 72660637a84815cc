// Issue 19: "Save and add to calendar" means it, in Chromium at 1280 and at 390 pixels wide: the
// save offers the private feed (the address read back, Copy and Done by keyboard), the address it
// shows answers text/calendar with the task as an event, the next save only says so, and Settings
// gives a new address after a question: the old one answers 404 at once, the new one 200. axe on
// the dialog and the settings page. Every wait is for what the person would see.
import type { Locator, Page } from "@playwright/test";
import { dialog, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { expectNoSidewaysScroll, seriousViolations } from "../support/page-checks.js";

test.use({ ownAccount: true, permissions: ["clipboard-read", "clipboard-write"] });

/** Adds a task through the Add form's "Save and add to calendar". */
async function saveTask(page: Page, title: string): Promise<void> {
  const modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill(title);
  await modal.getByLabel("Due Date").fill(utcDatePlus(new Date(), 3));
  await modal.getByLabel("Time").fill("09:30");
  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  await expect(modal).toBeHidden();
}

/** The vertical space, in pixels, between the bottom of `above` and the top of `below`. */
async function spaceBetween(above: Locator, below: Locator): Promise<number> {
  const [top, bottom] = [await above.boundingBox(), await below.boundingBox()];
  if (top === null || bottom === null) throw new Error("not both shown");
  return bottom.y - (top.y + top.height);
}

/** How many lines of text `element` shows. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const lineHeight = Number.parseFloat(getComputedStyle(node).lineHeight);
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    test("the save offers the feed, whose address has the task; Settings gives a new address and the old one stops", async ({
      page,
      account,
    }) => {
      await openDashboard(page);
      await saveTask(page, "Renew passport");

      const offer = dialog(page, "Add your tasks to your calendar");
      await expect(offer).toBeVisible();
      const address = offer.getByLabel("Your calendar address");
      const url = await address.inputValue();
      expect(url).toMatch(/^https?:\/\/.+\.ics$/);
      const webcal = url.replace(/^https?:/, "webcal:");
      await expect(
        offer.getByRole("link", { name: "Open in Apple Calendar / Outlook" }),
      ).toHaveAttribute("href", webcal);
      const google = offer.getByRole("link", { name: /^Add to Google Calendar/ });
      await expect(google).toHaveAttribute(
        "href",
        `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
      );
      await expect(google).toHaveAttribute("target", "_blank");
      await expect(google).toHaveAttribute("rel", "noopener noreferrer");
      await expect(offer).toContainText("Anyone with this address can see your tasks and renewals");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      // By keyboard: Copy, then Done.
      const copy = offer.getByRole("button", { name: "Copy" });
      await tabTo(page, copy, 20);
      await page.keyboard.press("Enter");
      await expect(offer.getByText("Copied", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await tabTo(page, offer.getByRole("button", { name: "I've added it" }), 20);
      await page.keyboard.press("Enter");
      await expect(offer).toBeHidden();

      // What a calendar app finds at the address the dialog showed.
      const feed = await page.request.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
      expect((await feed.text()).split(/\r?\n/)).toContain("SUMMARY:Renew passport");

      // Done is remembered: the next save only says so.
      await saveTask(page, "Book a dentist");
      const saved = page
        .getByRole("status")
        .filter({ hasText: "Saved. It will appear in your calendar." });
      await expect(saved).toBeVisible();
      // The note takes the window's width it needs (not a narrow column of short lines).
      expect(await linesOf(saved)).toBeLessThanOrEqual(2);
      await expect(offer).toHaveCount(0);

      // Settings, from the account menu.
      await page.getByRole("button", { name: account.name, exact: true }).click();
      await page.getByRole("menuitem", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      const section = page.getByRole("region", { name: "Calendar feed" });
      await expect(section.getByLabel("Your calendar address")).toHaveValue(url);
      await expect(section).toContainText("Last fetched by a calendar app:");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      // No empty line is kept under the address for a "Copied" not said yet: the links follow
      // it at the section's usual spacing (1rem); the copy still says so, in the section.
      const appleLink = section.getByRole("link", { name: "Open in Apple Calendar / Outlook" });
      expect(
        await spaceBetween(section.getByLabel("Your calendar address"), appleLink),
      ).toBeLessThan(24);
      await section.getByRole("button", { name: "Copy" }).click();
      await expect(section.getByRole("status").filter({ hasText: /^Copied$/ })).toBeVisible();

      await section.getByRole("button", { name: "Get a new address" }).click();
      const question = page.getByRole("alertdialog", { name: "Get a new address?" });
      await expect(question).toContainText(
        "Calendar apps using the old address will stop updating",
      );
      await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
      // The question alone: the page behind it was checked just above.
      expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([]);
      await question.getByRole("button", { name: "Get a new address" }).click();
      await expect(
        section.getByText("Your calendar has a new address. Add it to your calendar apps again."),
      ).toBeVisible();
      const renewed = section.getByLabel("Your calendar address");
      await expect(renewed).not.toHaveValue(url);
      const newUrl = await renewed.inputValue();

      expect((await page.request.get(url)).status()).toBe(404);
      const fresh = await page.request.get(newUrl);
      expect(fresh.status()).toBe(200);
      expect((await fresh.text()).split(/\r?\n/)).toContain("SUMMARY:Book a dentist");

      await page.getByRole("link", { name: "Back to dashboard" }).click();
      await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();
    });
  });
}
