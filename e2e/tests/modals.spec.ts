// Issue 6, item 8: every modal closes on Escape and on a click on the overlay, hands focus back
// to the button that opened it, and the body has `modal-open` exactly while one is open.
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

interface ModalCase {
  title: string;
  /** The button's name, for the test's title. */
  from: string;
  /** The button the user pressed. */
  opener: (page: Page) => Locator;
  /** Further steps after pressing it (the chooser's "Add Task"). */
  then?: (page: Page) => Promise<void>;
}

const MODALS: ModalCase[] = [
  {
    title: "What would you like to add?",
    from: "Add Task/Event",
    opener: (page) => page.getByRole("button", { name: "Add Task/Event" }),
  },
  {
    title: "Add New Task/Subscription",
    from: "Add Task/Event, then Add Task",
    opener: (page) => page.getByRole("button", { name: "Add Task/Event" }),
    then: async (page) => {
      await dialog(page, "What would you like to add?")
        .getByRole("button", { name: /^Add Task/ })
        .click();
    },
  },
  {
    title: "Upload Files",
    from: "Upload File",
    opener: (page) => page.getByRole("button", { name: "Upload File" }),
  },
  {
    title: "All Tasks",
    from: "View all tasks",
    opener: (page) => card(page, "Tasks").getByRole("button", { name: "View all tasks" }),
  },
  {
    title: "All Tasks",
    from: "Review Now",
    opener: (page) => card(page, "Priority Tasks").getByRole("button", { name: "Review Now" }),
  },
  {
    title: "All Subscriptions",
    from: "View all subscriptions",
    opener: (page) =>
      card(page, "Subscriptions").getByRole("button", { name: "View all subscriptions" }),
  },
  {
    title: "All Subscriptions",
    from: "Manage Subscriptions",
    opener: (page) =>
      card(page, "Renewals Soon").getByRole("button", { name: "Manage Subscriptions" }),
  },
];

async function bodyHasModalOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.body.classList.contains("modal-open"));
}

async function open(page: Page, modal: ModalCase): Promise<Locator> {
  await modal.opener(page).click();
  await modal.then?.(page);
  const shown = dialog(page, modal.title);
  await expect(shown).toBeVisible();
  await expect(page.locator("body")).toHaveClass(/\bmodal-open\b/);
  // Radix starts listening for clicks outside the dialog in a zero-delay timer after it opens
  // (so that the opening click does not close it); a task queued now runs after that timer.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return shown;
}

for (const modal of MODALS) {
  test(`"${modal.title}", opened from ${modal.from}, closes on Escape, the overlay and Close; focus returns`, async ({
    page,
  }) => {
    await openDashboard(page);
    expect(await bodyHasModalOpen(page)).toBe(false);

    const byEscape = await open(page, modal);
    await page.keyboard.press("Escape");
    await expect(byEscape).toBeHidden();
    await expect(modal.opener(page)).toBeFocused();
    expect(await bodyHasModalOpen(page)).toBe(false);

    const byOverlay = await open(page, modal);
    // The overlay covers the page around the dialog; its top left corner is outside the dialog.
    await page.mouse.click(4, 4);
    await expect(byOverlay).toBeHidden();
    await expect(modal.opener(page)).toBeFocused();
    expect(await bodyHasModalOpen(page)).toBe(false);

    const byClose = await open(page, modal);
    await byClose.getByRole("button", { name: "Close" }).click();
    await expect(byClose).toBeHidden();
    await expect(modal.opener(page)).toBeFocused();
    expect(await bodyHasModalOpen(page)).toBe(false);
  });
}

test("the chooser hands over to Upload Files, with modal-open kept throughout", async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole("button", { name: "Add Task/Event" }).click();
  await dialog(page, "What would you like to add?")
    .getByRole("button", { name: /^Upload File/ })
    .click();
  await expect(dialog(page, "Upload Files")).toBeVisible();
  await expect(dialog(page, "What would you like to add?")).toBeHidden();
  expect(await bodyHasModalOpen(page)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog(page, "Upload Files")).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Task/Event" })).toBeFocused();
  expect(await bodyHasModalOpen(page)).toBe(false);
});
