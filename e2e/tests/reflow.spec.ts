// The dashboard and its dialogs as a person with low vision uses them: a window 320 px wide and
// 256 tall (a 1280 px screen at 400% zoom, WCAG 1.4.10), the browser's text at 200% (its own font
// size setting, WCAG 1.4.4), and Tab and Shift+Tab never leaving focus out of sight (WCAG 2.4.11).
// Seeded through the API with long titles and file names, the ones that were cut short.
import type { LifeAdminClient } from "@life-admin/api-client";
import { fileCalls } from "@life-admin/api-client/files";
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { expectNoSidewaysScroll } from "../support/page-checks.js";
import { PNG } from "../support/sample-files.js";

test.use({ ownAccount: true });

const TASK_TITLE = "Renew passport for Alexandra before the summer holidays";
const SUBSCRIPTION_NAME = "Amazon Prime yearly membership for the household";
/** 60 characters, one word: cut to one line, 320 px showed "council-tax-b…". */
const FILE_NAME = "council-tax-bill-2026-wellington-road-flat-annual-summary.png";
/**
 * Chromium's own default font size preference (what Settings > Appearance > Font size changes),
 * 16 px unless set: the page's rem follows it, and so does the em of its media queries.
 */
async function setTextSize(page: Page, pixels: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", {
    fontSizes: { standard: pixels, fixed: Math.round((pixels * 13) / 16) },
  });
}

/**
 * Whether all of an element's text can be seen: its lines lie inside every box on the way up
 * that clips what overflows it (an ellipsis, a cut line). Describes what is cut, for the failure.
 */
async function cutText(element: Locator): Promise<string | null> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    for (let box = node as Element | null; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const clip = box.getBoundingClientRect();
      const inside =
        text.left >= clip.left - 1 &&
        text.right <= clip.right + 1 &&
        text.top >= clip.top - 1 &&
        text.bottom <= clip.bottom + 1;
      if (!inside) {
        const shown = Math.round(Math.max(0, Math.min(text.right, clip.right) - text.left));
        return `"${node.textContent}" is ${String(Math.round(text.width))} px wide, ${String(shown)} px of it shown`;
      }
    }
    return null;
  });
}

/**
 * What of an element lies outside the window or a box on the way up that clips it (a dialog's
 * scrolling body, the dialog): null when all of it can be seen.
 */
async function outOfSight(element: Locator): Promise<string | null> {
  return element.evaluate((node) => {
    const shown = node.getBoundingClientRect();
    const describe = (where: string, top: number, bottom: number) =>
      `${String(Math.round(shown.top))}..${String(Math.round(shown.bottom))} outside ${where} ${String(Math.round(top))}..${String(Math.round(bottom))}`;
    if (shown.top < -1 || shown.bottom > window.innerHeight + 1)
      return describe("the window", 0, window.innerHeight);
    for (let box = node.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowY === "visible") continue;
      const clip = box.getBoundingClientRect();
      if (shown.top < clip.top - 1 || shown.bottom > clip.bottom + 1)
        return describe(box.className, clip.top, clip.bottom);
    }
    return null;
  });
}

/**
 * Turns the mouse wheel over the middle of `over`, a notch at a time, until `target` is all in
 * sight; what is still out of sight after `notches`.
 */
async function wheelUntilInSight(
  page: Page,
  over: Locator,
  target: Locator,
  notches = 20,
): Promise<string | null> {
  const area = await box(over);
  await page.mouse.move(
    (area?.x ?? 0) + (area?.width ?? 0) / 2,
    (area?.y ?? 0) + (area?.height ?? 0) / 2,
  );
  for (let notch = 0; notch < notches; notch += 1) {
    if ((await outOfSight(target)) === null) return null;
    await page.mouse.wheel(0, 40);
    // Let the wheel's scroll land before looking again.
    await page.waitForTimeout(50);
  }
  return outOfSight(target);
}

function overlap(a: DOMRect | null, b: DOMRect | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<DOMRect | null> {
  return (await locator.boundingBox()) as DOMRect | null;
}

/** `count` monthly subscriptions with long names, renewing from `firstDay` days from now on. */
async function addSubscriptions(
  api: LifeAdminClient,
  count: number,
  firstDay: number,
  cost: (n: number) => number,
): Promise<void> {
  const now = new Date();
  for (let n = 0; n < count; n += 1) {
    await api.subscriptions.create({
      name: `${SUBSCRIPTION_NAME} ${String(n + 1)}`,
      next_renewal_date: utcDatePlus(now, n + firstDay),
      cost: cost(n),
      frequency: "Monthly",
      priority: "Medium",
      remind_days_before: 7,
    });
  }
}

test("at 320 by 256 px the dashboard does not scroll sideways, the account menu is in the window and titles are whole", async ({
  page,
  account,
  api,
}) => {
  await api.tasks.create({
    title: TASK_TITLE,
    due_date: `${utcDatePlus(new Date(), 1)}T09:30:00Z`,
    priority: "High",
    frequency: "Once",
  });
  await page.setViewportSize({ width: 320, height: 256 });
  await openDashboard(page);

  await expectNoSidewaysScroll(page);
  // Its name hidden from sight at this width, the button is still named after the account.
  const accountButton = page.getByRole("button", { name: account.name, exact: true });
  const button = await box(accountButton);
  expect(button).not.toBeNull();
  expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(320);
  const familyView = await box(page.getByRole("button", { name: "Family view" }));
  expect((familyView?.x ?? 0) + (familyView?.width ?? 0)).toBeLessThanOrEqual(320);

  const inPriorityTasks = card(page, "Priority Tasks").getByRole("button", {
    name: TASK_TITLE,
    exact: true,
  });
  expect(await cutText(inPriorityTasks)).toBeNull();
  const inAgenda = page
    .getByRole("region", { name: "Next 7 days" })
    .getByRole("button", { name: TASK_TITLE, exact: true });
  // Its day brought into the strip's view, as a person scrolling it would.
  await inAgenda.scrollIntoViewIfNeeded();
  expect(await cutText(inAgenda)).toBeNull();
});

test.describe("at 200% text on a 1280 px screen", () => {
  test.beforeEach(async ({ page, api }) => {
    const now = new Date();
    // Tomorrow: in Priority Tasks, Upcoming Events and the agenda's second day.
    await api.tasks.create({
      title: TASK_TITLE,
      due_date: `${utcDatePlus(now, 1)}T09:30:00Z`,
      priority: "High",
      frequency: "Once",
    });
    await api.subscriptions.create({
      name: SUBSCRIPTION_NAME,
      next_renewal_date: utcDatePlus(now, 5),
      cost: 95,
      frequency: "Yearly",
      priority: "Medium",
      remind_days_before: 7,
    });
    await setTextSize(page, 32);
    await openDashboard(page);
  });

  test("the cards stack, show their titles whole and their footer buttons apart", async ({
    page,
  }) => {
    const priority = card(page, "Priority Tasks");
    const upcoming = card(page, "Upcoming Events");
    const renewals = card(page, "Renewals Soon");
    // One under the other, each the page's width: three side by side left a word per line.
    const [first, second] = [await box(priority), await box(upcoming)];
    expect(second?.y ?? 0).toBeGreaterThanOrEqual((first?.y ?? 0) + (first?.height ?? 0));
    expect(
      await cutText(priority.getByRole("button", { name: TASK_TITLE, exact: true })),
    ).toBeNull();
    expect(
      await cutText(upcoming.getByRole("button", { name: TASK_TITLE, exact: true })),
    ).toBeNull();
    expect(
      await cutText(renewals.getByRole("button", { name: SUBSCRIPTION_NAME, exact: true })),
    ).toBeNull();

    const viewAll = upcoming.getByRole("button", { name: "View all events" });
    const manage = renewals.getByRole("button", { name: "Manage Subscriptions" });
    expect(overlap(await box(viewAll), await box(manage))).toBe(false);
    // Each inside its own card, drawn whole.
    expect(await cutText(viewAll)).toBeNull();
    const [inner, outer] = [await box(viewAll), await box(upcoming)];
    expect((inner?.x ?? 0) + (inner?.width ?? 0)).toBeLessThanOrEqual(
      (outer?.x ?? 0) + (outer?.width ?? 0),
    );
  });

  test("the agenda shows Today whole, inside its day, and its events' titles whole", async ({
    page,
  }) => {
    const days = page.getByRole("region", { name: "Next 7 days" }).getByRole("listitem");
    const today = days.filter({ has: page.getByRole("heading", { name: /^Today, / }) });
    const pill = today.getByText("Today", { exact: true });
    expect(await cutText(pill)).toBeNull();
    const [shown, day, tomorrow] = [await box(pill), await box(today), await box(days.nth(1))];
    expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual(
      (day?.x ?? 0) + (day?.width ?? 0),
    );
    expect(overlap(shown, tomorrow)).toBe(false);
    expect(await cutText(days.getByRole("button", { name: TASK_TITLE, exact: true }))).toBeNull();
  });
});

test("at 300% text one press of the agenda's arrow moves it by one day", async ({ page }) => {
  // At 200% the strip's snapping hides a step of the default size; at 300% it snapped back.
  await setTextSize(page, 48);
  await openDashboard(page);
  const strip = page.getByRole("region", { name: "Next 7 days" });
  const days = strip.getByRole("listitem");
  const startOf = async (day: Locator) => ((await box(day))?.x ?? 0) - ((await box(strip))?.x ?? 0);
  const todayAt = await startOf(days.first());
  await page.getByRole("button", { name: "Scroll agenda right" }).click();
  // The next day where today was.
  await expect.poll(() => startOf(days.nth(1))).toBeCloseTo(todayAt, 0);
  await page.getByRole("button", { name: "Scroll agenda right" }).click();
  await expect.poll(() => startOf(days.nth(2))).toBeCloseTo(todayAt, 0);
});

test("Shift+Tab up the dashboard never leaves the focused control under the sticky header", async ({
  page,
  api,
}) => {
  const now = new Date();
  // Enough rows for the page to scroll well past the header.
  for (let n = 0; n < 6; n += 1) {
    await api.tasks.create({
      title: `${TASK_TITLE} ${String(n + 1)}`,
      due_date: `${utcDatePlus(now, n)}T09:30:00Z`,
      priority: "High",
      frequency: "Once",
    });
  }
  await addSubscriptions(api, 6, 1, (n) => 10 + n);
  await openDashboard(page);
  const header = page.getByRole("banner");
  // From the last control of the page, up to the header.
  await page.keyboard.press("End");
  await tabTo(page, page.getByRole("button", { name: "View all subscriptions" }), 120);

  const covered: string[] = [];
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press("Shift+Tab");
    const focused = page.locator(":focus");
    if ((await header.locator(":focus").count()) > 0) break;
    const [control, bar] = [await box(focused), await box(header)];
    if (control && bar && control.y < bar.y + bar.height - 1) {
      covered.push(
        `${(await focused.getAttribute("aria-label")) ?? (await focused.innerText()).slice(0, 40)}: top ${String(Math.round(control.y))}, header bottom ${String(Math.round(bar.y + bar.height))}`,
      );
    }
  }
  expect(covered).toEqual([]);
});

test("at 320 px a long notification title is shown whole", async ({ page, api }) => {
  await api.subscriptions.create({
    name: "Water the plants and feed the cat while the neighbours are away",
    cost: 5,
    frequency: "Monthly",
    next_renewal_date: utcDatePlus(new Date(), 3),
    remind_days_before: 7,
    priority: "Medium",
  });
  await page.setViewportSize({ width: 320, height: 640 });
  await openDashboard(page);
  await page.getByRole("button", { name: "Notifications, 1 unread", exact: true }).click();
  const list = dialog(page, "Notifications");
  const title = list.getByText("Water the plants and feed the cat while the neighbours are away", {
    exact: true,
  });
  await expect(title).toBeVisible();
  expect(await cutText(title)).toBeNull();
});

test.describe("at 320 by 256 px, a dialog scrolls as one", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 256 });
  });

  test("All Subscriptions' first card can be wheeled into sight under its totals, top to bottom", async ({
    page,
    api,
  }) => {
    await addSubscriptions(api, 3, 2, () => 19.99);
    await openDashboard(page);
    await page.getByRole("button", { name: "View all subscriptions" }).click();
    const modal = dialog(page, "All Subscriptions");
    await expect(modal.getByText("per month")).toBeVisible();
    // The fixed totals left the list a 34 px strip, and the wheel over them did nothing. A card
    // is taller than the window here: its title, then its foot, each whole in sight.
    const first = modal.getByRole("listitem").first();
    const title = first.getByRole("heading", { level: 3 });
    expect(await wheelUntilInSight(page, modal, title)).toBeNull();
    expect(await cutText(title)).toBeNull();
    expect(await wheelUntilInSight(page, modal, first.locator(":scope > *").last())).toBeNull();
  });

  test("All Tasks still draws only the cards near the view and reaches its last one", async ({
    page,
    api,
  }) => {
    const due = `${utcDatePlus(new Date(), 30)}T09:00:00Z`;
    // Past FULL_GRID_LIMIT (item-grid.tsx), where the grid draws only the cards near the view.
    const count = 80;
    for (let start = 0; start < count; start += 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, k) =>
          api.tasks.create({
            title: `Task ${String(start + k + 1).padStart(2, "0")}`,
            due_date: due,
            priority: "Medium",
            frequency: "Once",
          }),
        ),
      );
    }
    await openDashboard(page);
    await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
    const modal = dialog(page, "All Tasks");
    await expect(modal.getByRole("region", { name: "All Tasks" })).toBeFocused();
    await expect(modal.getByRole("listitem").first()).toBeVisible();
    // The list scrolls with the whole dialog here: were the body still taken for its view, every
    // card would be drawn (the body is as tall as all of them).
    expect(await modal.getByRole("listitem").count()).toBeLessThan(count / 2);
    await page.keyboard.press("End");
    const last = modal.getByRole("listitem").filter({ hasText: `Task ${String(count)}` });
    await expect(last).toBeInViewport();
    expect(await modal.getByRole("listitem").count()).toBeLessThan(count / 2);
  });

  test("Notifications' reminders can be wheeled whole into sight above Mark all as read", async ({
    page,
    api,
  }) => {
    await addSubscriptions(api, 6, 1, () => 5);
    await openDashboard(page);
    await page.getByRole("button", { name: "Notifications, 6 unread", exact: true }).click();
    const list = dialog(page, "Notifications");
    // The fixed "6 unread" and footer left a 75 px window for 92 px reminders.
    const third = list.getByRole("listitem").nth(2);
    await expect(third).toBeAttached();
    expect(await wheelUntilInSight(page, list, third)).toBeNull();
  });
});

// Radix's focus trap moves focus from the last control to the first without scrolling to it.
for (const size of [
  { width: 320, height: 256 },
  { width: 320, height: 560 },
]) {
  test(`at ${String(size.width)} by ${String(size.height)} px Tab from Edit task's Close brings its first field into sight`, async ({
    page,
    api,
  }) => {
    await api.tasks.create({
      title: TASK_TITLE,
      due_date: `${utcDatePlus(new Date(), 1)}T09:30:00Z`,
      priority: "High",
      frequency: "Once",
      notes: "Photos from the chemist on Hill Street; the form is in the blue folder.",
    });
    await page.setViewportSize(size);
    await openDashboard(page);
    await card(page, "Tasks")
      .getByRole("button", { name: TASK_TITLE, exact: true })
      .first()
      .click();
    const edit = dialog(page, "Edit task");
    await expect(edit).toBeVisible();
    await tabTo(page, edit.getByRole("button", { name: "Close" }), 40);
    await page.keyboard.press("Tab");
    await expect(edit.getByLabel("Task Title")).toBeFocused();
    expect(await outOfSight(page.locator(":focus"))).toBeNull();
  });
}

test.describe("at 320 px a long file name is shown whole", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
  });

  test("in Upload Files, once chosen", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Upload File" }).click();
    const modal = dialog(page, "Upload Files");
    await modal
      .getByLabel("Drag and drop files here or click here to take a picture")
      .setInputFiles({ name: FILE_NAME, mimeType: "image/png", buffer: PNG });
    const name = modal.getByText(FILE_NAME, { exact: true });
    await name.scrollIntoViewIfNeeded();
    expect(await cutText(name)).toBeNull();
  });

  test("in Documents", async ({ page, api, account }) => {
    await fileCalls(api).upload(new Blob([new Uint8Array(PNG)]), FILE_NAME);
    await openDashboard(page);
    await page.getByRole("button", { name: account.name, exact: true }).click();
    await page.getByRole("menuitem", { name: "Documents" }).click();
    const name = dialog(page, "Documents").getByText(FILE_NAME, { exact: true });
    await name.scrollIntoViewIfNeeded();
    expect(await cutText(name)).toBeNull();
  });
});
