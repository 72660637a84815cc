// Dialogs and notices as a person moves through them by keyboard: in a short window (a phone
// turned sideways, 740 by 360 px), where a dialog scrolls as one, its title and Close stay in
// sight at its top, and a field reached by Shift+Tab is never hidden under them; a notice
// dismissed from the keyboard leaves focus where the person was, on the page or in a list dialog.
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";

/** Whether a person sees `element` at its centre: nothing (the title bar, the page) over it. */
async function seenAtItsCentre(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const { left, top, width, height } = node.getBoundingClientRect();
    const there = document.elementFromPoint(left + width / 2, top + height / 2);
    return there !== null && node.contains(there);
  });
}

/**
 * How far the focused control's top is hidden under `cover` (0 when it is not), and what it is,
 * for the failure.
 */
async function focusedHiddenUnder(cover: Locator): Promise<string> {
  return cover.evaluate((over) => {
    const focused = document.activeElement;
    if (!focused) return "nothing has focus";
    const hidden = Math.max(
      0,
      over.getBoundingClientRect().bottom - focused.getBoundingClientRect().top,
    );
    return hidden < 1
      ? ""
      : `${String(Math.round(hidden))} px of ${focused.outerHTML.slice(0, 80)}`;
  });
}

test.describe("on a phone turned sideways (740 by 360 px)", () => {
  test.use({ viewport: { width: 740, height: 360 } });

  test("at the foot of the Add form, Close is still in sight, reached by Tab and closes it", async ({
    page,
  }) => {
    await openDashboard(page);
    const modal = await openAddTask(page);
    const save = modal.getByRole("button", { name: /^Save/ });
    await tabTo(page, save);
    // The form is taller than the window: its foot is reached by scrolling the dialog.
    expect(await modal.evaluate((node) => node.scrollTop)).toBeGreaterThan(0);

    const close = modal.getByRole("button", { name: "Close" });
    const title = modal.getByRole("heading", { name: "Add New Task/Subscription" });
    expect(await seenAtItsCentre(close)).toBe(true);
    expect(await seenAtItsCentre(title)).toBe(true);
    // Reached by Tab too, in sight where it is: the form stays where the person left it.
    const scrolled = await modal.evaluate((node) => node.scrollTop);
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    expect(await modal.evaluate((node) => node.scrollTop)).toBe(scrolled);
    // Pressed where it is seen: scrolled away, that spot was the overlay or the form.
    const spot = await close.boundingBox();
    if (!spot) throw new Error("Close is not on screen");
    await page.mouse.click(spot.x + spot.width / 2, spot.y + spot.height / 2);
    await expect(modal).toBeHidden();
  });

  test("Shift+Tab back up the Add form never leaves a field under its title", async ({ page }) => {
    await openDashboard(page);
    const modal = await openAddTask(page);
    await tabTo(page, modal.getByRole("button", { name: /^Save/ }));
    const titleBar = modal.getByRole("heading", { name: "Add New Task/Subscription" });
    const firstField = modal.getByLabel("Task Title");
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusedHiddenUnder(titleBar)).toBe("");
      if (await firstField.evaluate((node) => node === document.activeElement)) return;
    }
    throw new Error("Task Title was not reached with 20 presses of Shift+Tab");
  });
});

/** What has focus, by its role and name as a screen reader would say it. */
async function focusedControl(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return "nothing (the page)";
    return `${focused.tagName.toLowerCase()} "${focused.getAttribute("aria-label") ?? focused.textContent}"`;
  });
}

/**
 * Reaches the notice's Undo from the control before it (Tab), then its Dismiss, and presses it:
 * what had focus before the notice, to compare with where focus lands.
 */
async function dismissByKeyboard(page: Page, undo: Locator): Promise<string> {
  await tabTo(page, undo, 80);
  await page.keyboard.press("Shift+Tab");
  const before = await focusedControl(page);
  await page.keyboard.press("Tab");
  await expect(undo).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Dismiss" })).toBeFocused();
  await page.keyboard.press("Enter");
  return before;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} px, Mark done's notice dismissed by keyboard`, () => {
    test.use({ viewport, ownAccount: true });

    test.beforeEach(async ({ api }) => {
      await api.tasks.create({
        title: "Water the plants",
        due_date: `${utcDatePlus(new Date(), 1)}T09:00:00Z`,
        frequency: "Daily",
        priority: "High",
      });
    });

    test("leaves focus on the control the person reached it from", async ({ page }) => {
      await openDashboard(page);
      const done = card(page, "Priority Tasks").getByRole("button", { name: "Mark done" });
      await tabTo(page, done, 80);
      await page.keyboard.press("Enter");
      const note = page.getByRole("status").filter({ hasText: "Water the plants is done." });
      await expect(note).toBeVisible();

      const before = await dismissByKeyboard(page, page.getByRole("button", { name: "Undo" }));
      await expect(note).toBeHidden();
      // Not the page, from where the next Tab started again at its top.
      expect(await focusedControl(page)).toBe(before);
    });

    test("in All Tasks, leaves focus in the list where the person was", async ({ page }) => {
      await openDashboard(page);
      await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
      const tasks = dialog(page, "All Tasks");
      await tasks.getByRole("button", { name: "Mark done" }).click();
      await expect(tasks.getByRole("status")).toContainText("Water the plants is done.");

      const before = await dismissByKeyboard(page, tasks.getByRole("button", { name: "Undo" }));
      await expect(tasks.getByRole("status")).toBeEmpty();
      expect(await focusedControl(page)).toBe(before);
      await expect(tasks).toBeVisible();
    });
  });
}
