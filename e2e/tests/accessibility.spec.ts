// Issue 6, item 11: axe finds no serious or critical violations on /, /dashboard and each modal,
// and the main flows (sign-in, add task, add subscription) work by keyboard alone.
import {
  card,
  dialog,
  openAddSubscription,
  openAddTask,
  openDashboard,
  utcDatePlus,
} from "../support/dashboard.js";
import { expect, newPerson, test } from "../support/fixtures.js";
import { tabTo, typeAndTab } from "../support/keyboard.js";
import { seriousViolations } from "../support/page-checks.js";
import { calendarCalls } from "@life-admin/api-client/calendar";
import { fileCalls } from "@life-admin/api-client/files";
import { PNG } from "../support/sample-files.js";

test.describe("axe, signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-up page has no serious or critical violations", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sign-up page after a failed sign-in has none either", async ({ page }) => {
    await page.goto("/?error=access_denied");
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sign-in provider's form has none", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("axe, signed in", () => {
  test.use({ ownAccount: true });

  test.beforeEach(async ({ api }) => {
    const now = new Date();
    await api.tasks.create({
      title: "Pay rent",
      due_date: `${utcDatePlus(now, 1)}T09:00:00Z`,
      priority: "High",
      notes: "Standing order",
    });
    await api.tasks.create({
      title: "Call the bank",
      due_date: `${utcDatePlus(now, 4)}T00:00:00Z`,
      priority: "Low",
    });
    await api.subscriptions.create({
      name: "Netflix",
      next_renewal_date: utcDatePlus(now, 3),
      cost: 15.49,
      frequency: "Monthly",
      priority: "Medium",
      remind_days_before: 3,
      cancel_link: "https://www.netflix.com/cancelplan",
    });
  });

  test("the dashboard has no serious or critical violations, and a title of its own", async ({
    page,
  }) => {
    await openDashboard(page);
    expect(await seriousViolations(page)).toEqual([]);
    // WCAG 2.4.2, as the other pages (page-arrival.ts).
    await expect(page).toHaveTitle("Dashboard · Life Admin");
  });

  test("the open account menu has none", async ({ page, account }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: account.name }).click();
    // Issue 21: Documents is the first item (then Settings, then Sign out).
    await expect(page.getByRole("menuitem", { name: "Documents" })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the add chooser has none", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Add Task/Event" }).click();
    await expect(dialog(page, "What would you like to add?")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the Add Task form has none, empty and with its messages shown", async ({ page }) => {
    await openDashboard(page);
    const modal = await openAddTask(page);
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByRole("button", { name: "Save and add to calendar" }).click();
    await expect(modal.getByText("Task title is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the Add Subscription form has none, empty and with its messages shown", async ({
    page,
  }) => {
    await openDashboard(page);
    const modal = await openAddSubscription(page);
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByRole("button", { name: "Add to Subscriptions" }).click();
    await expect(modal.getByText("Cost is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Upload Files has none, empty and with a refused file", async ({ page }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Upload File" }).click();
    const modal = dialog(page, "Upload Files");
    await expect(modal).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await modal
      .getByLabel("Drag and drop files here or click here to take a picture")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
    await expect(modal.getByRole("alert")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Documents with a file has none, and each button's name starts with its words", async ({
    page,
    api,
    account,
  }) => {
    await fileCalls(api).upload(new Blob([new Uint8Array(PNG)]), "receipt.png");
    await openDashboard(page);
    await page.getByRole("button", { name: account.name }).click();
    await page.getByRole("menuitem", { name: "Documents" }).click();
    const documents = dialog(page, "Documents");
    // Once read (nothing in a blank picture), a form can be made from it.
    await expect(documents.getByText("Make from it", { exact: true })).toBeVisible();
    // Among them axe's label-content-name-mismatch (WCAG 2.5.3): a person using speech says the
    // words shown, which the name of "Make from it" did not hold.
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("All Tasks and All Subscriptions have none", async ({ page }) => {
    await openDashboard(page);
    await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
    await expect(
      dialog(page, "All Tasks").getByRole("heading", { name: "Pay rent" }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await card(page, "Subscriptions")
      .getByRole("button", { name: "View all subscriptions" })
      .click();
    await expect(
      dialog(page, "All Subscriptions").getByRole("heading", { name: "Netflix" }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("by keyboard alone", () => {
  test.describe("signed out", () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test("signing in works by keyboard alone", async ({ page }) => {
      const person = newPerson("Keyboard User");
      await page.goto("/");
      await tabTo(page, page.getByRole("button", { name: "Continue with Google" }));
      await page.keyboard.press("Enter");
      await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
      await tabTo(page, page.getByLabel("Name", { exact: true }));
      await typeAndTab(page, person.name);
      await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
      await page.keyboard.type(person.email);
      await page.keyboard.press("Enter");
      await expect(
        page.getByRole("heading", { name: "Good Morning, Keyboard User" }),
      ).toBeVisible();
    });
  });

  test.describe("signed in", () => {
    test.use({ ownAccount: true });

    test("adding a task works by keyboard alone", async ({ page, api }) => {
      // Issue 19: a calendar already connected, so the save ends on the dashboard (the calendar
      // offer by keyboard is calendar-feed.spec.ts's).
      await calendarCalls(api).setConnected(true);
      await openDashboard(page);
      await tabTo(page, page.getByRole("button", { name: "Add Task/Event" }));
      await page.keyboard.press("Enter");
      const chooser = dialog(page, "What would you like to add?");
      await tabTo(page, chooser.getByRole("button", { name: /^Add Task/ }));
      await page.keyboard.press("Enter");

      const modal = dialog(page, "Add New Task/Subscription");
      await tabTo(page, modal.getByLabel("Task Title"));
      await typeAndTab(page, "Renew the TV licence");
      await expect(modal.getByLabel("Due Date")).toBeFocused();
      await page.keyboard.type("04012031");
      await tabTo(page, modal.getByLabel("Priority", { exact: true }));
      // A closed select takes the option whose text starts with the letter typed.
      await page.keyboard.type("H");
      await expect(modal.getByLabel("Priority", { exact: true })).toHaveValue("High");
      await tabTo(page, modal.getByRole("button", { name: "Save and add to calendar" }));
      await page.keyboard.press("Enter");

      await expect(modal).toBeHidden();
      const row = card(page, "Priority Tasks")
        .getByRole("listitem")
        .filter({ hasText: "Renew the TV licence" });
      await expect(row).toContainText("Due: 4/1/2031");
      await expect(page.getByRole("button", { name: "Add Task/Event" })).toBeFocused();
    });

    test("adding a subscription works by keyboard alone", async ({ page, api }) => {
      const renewal = utcDatePlus(new Date(), 40);
      const [year, month, day] = renewal.split("-");
      await openDashboard(page);
      await tabTo(page, page.getByRole("button", { name: "Add Task/Event" }));
      await page.keyboard.press("Enter");
      await tabTo(
        page,
        dialog(page, "What would you like to add?").getByRole("button", { name: /^Add Task/ }),
      );
      await page.keyboard.press("Enter");

      const modal = dialog(page, "Add New Task/Subscription");
      await tabTo(page, modal.getByRole("tab", { name: "Task" }));
      // Tabs move with the arrow keys (one tab stop for the tab list).
      await page.keyboard.press("ArrowRight");
      await expect(modal.getByRole("tab", { name: "Subscription" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await tabTo(page, modal.getByLabel("Subscription Name"));
      await typeAndTab(page, "Spotify");
      await expect(modal.getByLabel("Next renewal Date")).toBeFocused();
      await page.keyboard.type(`${String(month)}${String(day)}${String(year)}`);
      await tabTo(page, modal.getByLabel("Cost"));
      await page.keyboard.type("11.99");
      await tabTo(page, modal.getByLabel("Remind Me"));
      // From "7 days before", one choice up.
      await page.keyboard.press("ArrowUp");
      await expect(modal.getByLabel("Remind Me")).toHaveValue("3 days before");
      await tabTo(page, modal.getByLabel("Cancelation link"));
      await page.keyboard.type("https://www.spotify.com/account");
      await tabTo(page, modal.getByRole("button", { name: "Add to Subscriptions" }));
      await page.keyboard.press("Enter");

      await expect(modal).toBeHidden();
      await expect(card(page, "Subscriptions")).toContainText("Spotify");
      expect(await api.subscriptions.list()).toMatchObject([
        {
          name: "Spotify",
          next_renewal_date: renewal,
          cost: 11.99,
          remind_days_before: 3,
          cancel_link: "https://www.spotify.com/account",
        },
      ]);
    });
  });

  // WCAG 2.4.3 (apps/web's page-arrival.ts): a page reached inside the app says where the person
  // is, with focus on its heading; a page loaded says it with its title.
  test("the dashboard's greeting takes focus on the way back from Settings, not on a load", async ({
    page,
    account,
  }) => {
    await openDashboard(page);
    const greeting = page.getByRole("heading", { level: 1, name: `Good Morning, ${account.name}` });
    await expect(greeting).not.toBeFocused();
    await tabTo(page, page.getByRole("button", { name: account.name }));
    await page.keyboard.press("Enter");
    // Documents first, then Settings.
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeFocused();

    await tabTo(page, page.getByRole("link", { name: "Back to dashboard" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting).toBeFocused();
    // No control, so no ring (the next Tab shows one): only the screen reader is told.
    expect(await greeting.evaluate((heading) => getComputedStyle(heading).outlineStyle)).toBe(
      "none",
    );
  });
});
