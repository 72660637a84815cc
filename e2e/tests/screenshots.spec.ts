// Issue 6, item 12: a picture of each screen and modal at 1280 and at 390 pixels wide, written to
// the test output (and attached to the report); at 390 pixels the page never scrolls sideways
// and an open dialog fits the screen.
import type { Page, TestInfo } from "@playwright/test";
import {
  card,
  dialog,
  openAddSubscription,
  openAddTask,
  openDashboard,
  utcDatePlus,
} from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { holdRequests } from "../support/held-requests.js";
import { fillProviderForm } from "../support/sign-in.js";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Takes the pictures of what is on screen now, at both widths, and checks the narrow one. A
 * screen is taken whole (scrolled); a modal as the viewport shows it, over the page.
 */
async function picture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const open = page.getByRole("dialog");
  const modal = (await open.count()) > 0;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${String(size.width)}.png`);
    const body = await page.screenshot({ path, fullPage: !modal, animations: "disabled" });
    await testInfo.attach(`${name} at ${String(size.width)} px`, {
      body,
      contentType: "image/png",
    });
    if (size.width !== 390) continue;
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.page, `${name}: the page scrolls sideways at 390 px`).toBeLessThanOrEqual(
      widths.viewport,
    );
    expect(widths.body, `${name}: the body scrolls sideways at 390 px`).toBeLessThanOrEqual(
      widths.viewport,
    );
    if (modal) {
      const box = await open.boundingBox();
      if (box === null) throw new Error(`${name}: the dialog is not on screen`);
      expect(box.x, `${name}: the dialog starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name}: the dialog ends on screen`).toBeLessThanOrEqual(390);
    }
  }
  await page.setViewportSize(WIDTHS[0]);
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-up page, its waiting state and its failure", async ({ page, stack }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
    await picture(page, testInfo, "sign-up");

    const release = await holdRequests(page, `${stack.apiUrl}/auth/google/login*`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    // The sign-up page's notice has a status region of its own, empty.
    await expect(
      page.getByRole("status").filter({ hasText: "Redirecting to Google..." }),
    ).toBeVisible();
    await picture(page, testInfo, "sign-up-redirecting");
    release();
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    await picture(page, testInfo, "provider-sign-in");

    await page.goto("/?error=access_denied");
    await expect(page.getByRole("alert")).toBeVisible();
    await picture(page, testInfo, "sign-up-failed");
  });

  test("the callback page while authenticating", async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await fillProviderForm(page, {
      name: "Picture Person",
      email: `picture-${testInfo.testId}@e2e.test`,
    });
    await expect(page.getByRole("status")).toHaveText("Authenticating...");
    await picture(page, testInfo, "auth-callback");
  });
});

test.describe("signed in", () => {
  test.use({ ownAccount: true });

  test.beforeEach(async ({ api }) => {
    const now = new Date();
    const tasks = [
      ["Pay rent", 1, "High"],
      ["Renew passport", 3, "High"],
      ["Book the MOT", 5, "Medium"],
      ["Call the bank", 2, "Low"],
    ] as const;
    for (const [title, days, priority] of tasks) {
      await api.tasks.create({
        title,
        due_date: `${utcDatePlus(now, days)}T09:30:00Z`,
        priority,
        notes: "A note",
      });
    }
    const subscriptions = [
      ["Netflix", 3, 15.49],
      ["Spotify", 12, 11.99],
      ["A subscription with a rather long name to see how it wraps", 40, 120],
    ] as const;
    for (const [name, days, cost] of subscriptions) {
      await api.subscriptions.create({
        name,
        next_renewal_date: utcDatePlus(now, days),
        cost,
        frequency: "Monthly",
        priority: "Medium",
        remind_days_before: 7,
        cancel_link: "https://example.test/cancel",
      });
    }
  });

  test("the dashboard, loading, loaded and failed", async ({ page, stack }, testInfo) => {
    const release = await holdRequests(page, `${stack.apiUrl}/users/me`);
    await page.goto("/dashboard");
    await expect(page.getByRole("status")).toHaveText("Loading your data...");
    await picture(page, testInfo, "dashboard-loading");
    release();
    await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();
    await picture(page, testInfo, "dashboard");
    await page.unroute(`${stack.apiUrl}/users/me`);

    // The API unreachable, as the browser sees it (the real outage: api-outage.spec.ts).
    await page.route(`${stack.apiUrl}/**`, (route) => route.abort("connectionrefused"));
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText(/^Error: /);
    await picture(page, testInfo, "dashboard-error");
  });

  test("the add chooser and Upload Files", async ({ page }, testInfo) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Add Task/Event" }).click();
    await expect(dialog(page, "What would you like to add?")).toBeVisible();
    await picture(page, testInfo, "modal-add-choice");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Upload File" }).click();
    const upload = dialog(page, "Upload Files");
    await expect(upload).toBeVisible();
    await picture(page, testInfo, "modal-upload");
    await upload
      .getByLabel("Drag and drop files here or click here to take a picture")
      .setInputFiles({
        name: "a-very-long-file-name-from-a-scanner-2031-01-31.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4"),
      });
    await expect(
      upload.getByText("a-very-long-file-name-from-a-scanner-2031-01-31.pdf", { exact: true }),
    ).toBeVisible();
    await picture(page, testInfo, "modal-upload-chosen");
  });

  test("Add New Task/Subscription on both tabs, with messages", async ({ page }, testInfo) => {
    await openDashboard(page);
    const modal = await openAddTask(page);
    await picture(page, testInfo, "modal-add-task");
    await modal.getByRole("button", { name: "Save and add to calendar" }).click();
    await expect(modal.getByText("Task title is required")).toBeVisible();
    await picture(page, testInfo, "modal-add-task-messages");
    await page.keyboard.press("Escape");

    const subscription = await openAddSubscription(page);
    await picture(page, testInfo, "modal-add-subscription");
    await subscription.getByRole("button", { name: "Add to Subscriptions" }).click();
    await expect(subscription.getByText("Cost is required")).toBeVisible();
    await picture(page, testInfo, "modal-add-subscription-messages");
  });

  test("All Tasks and All Subscriptions", async ({ page }, testInfo) => {
    await openDashboard(page);
    await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
    await expect(dialog(page, "All Tasks").getByRole("heading", { level: 3 })).toHaveCount(4);
    await picture(page, testInfo, "modal-all-tasks");
    await page.keyboard.press("Escape");

    await card(page, "Subscriptions")
      .getByRole("button", { name: "View all subscriptions" })
      .click();
    await expect(dialog(page, "All Subscriptions").getByRole("heading", { level: 3 })).toHaveCount(
      3,
    );
    await picture(page, testInfo, "modal-all-subscriptions");
  });
});
