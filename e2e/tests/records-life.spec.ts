// Issue 18: tasks and subscriptions have a life on the dashboard, in Chromium at 1280 and at 390
// pixels wide: a task marked done and not done, edited and deleted by keyboard alone (focus kept
// where the person is), a subscription paused and resumed with the totals following, a refused
// change put back with the API's message, Review Now and View all events, and axe on each new
// view. Seeded through the API; every wait is for what the person would see.
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { expectNoSidewaysScroll, seriousViolations } from "../support/page-checks.js";

test.use({ ownAccount: true });

/** The row of a card that lists `title`. */
function row(page: Page, cardName: string, title: string): Locator {
  return card(page, cardName).getByRole("listitem").filter({ hasText: title });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    test("a task is marked done and not done by keyboard alone, focus staying on its control", async ({
      page,
      api,
    }) => {
      const now = new Date();
      const day = utcDatePlus(now, 1);
      // Completing the Daily one moves it after the Once one: its row moves in Priority Tasks.
      const daily = await api.tasks.create({
        title: "Water the plants",
        due_date: `${day}T09:00:00Z`,
        frequency: "Daily",
        priority: "High",
      });
      await api.tasks.create({
        title: "Pay rent",
        due_date: `${day}T12:00:00Z`,
        frequency: "Once",
        priority: "High",
      });
      await openDashboard(page);

      const plants = row(page, "Priority Tasks", "Water the plants");
      const done = plants.getByRole("button", { name: "Mark done" });
      await tabTo(page, done, 80);
      await page.keyboard.press("Enter");
      await expect(plants).toContainText(
        `Due: ${new Date(`${utcDatePlus(now, 2)}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC" })}`,
      );
      await expect(card(page, "Priority Tasks").getByRole("listitem").last()).toContainText(
        "Water the plants",
      );
      await expect(done).toBeFocused();
      // Shown at once; the API has it once it has answered.
      await expect
        .poll(async () => (await api.tasks.get(daily.id)).due_date)
        .toBe(`${utcDatePlus(now, 2)}T09:00:00Z`);
      // The notice says where it went; its Undo puts it back.
      await expect(page.getByRole("status")).toContainText(["Water the plants is done. Next due"]);
      await page.getByRole("button", { name: "Undo" }).click();
      await expect(page.getByRole("status")).toContainText(["Water the plants is back to"]);
      await expect
        .poll(async () => (await api.tasks.get(daily.id)).due_date)
        .toBe(`${day}T09:00:00Z`);

      const rent = row(page, "Tasks", "Pay rent");
      await tabTo(page, rent.getByRole("button", { name: "Mark done" }), 80);
      await page.keyboard.press("Enter");
      const notDone = rent.getByRole("button", { name: "Mark not done" });
      await expect(notDone).toBeFocused();
      await expect(row(page, "Upcoming Events", "Pay rent")).toHaveCount(0);
      await page.keyboard.press("Enter");
      await expect(rent.getByRole("button", { name: "Mark done" })).toBeFocused();
      await expect(row(page, "Upcoming Events", "Pay rent")).toHaveCount(1);
      await expectNoSidewaysScroll(page);
    });

    test("a task marked done in All Tasks says so in the open list, with its Undo in reach", async ({
      page,
      api,
    }) => {
      await api.tasks.create({
        title: "Stretch",
        due_date: `${utcDatePlus(new Date(), 1)}T08:00:00Z`,
        frequency: "Daily",
        priority: "High",
      });
      await openDashboard(page);
      await card(page, "Priority Tasks").getByRole("button", { name: "Review Now" }).click();
      const tasks = dialog(page, "All Tasks");
      await tasks.getByRole("button", { name: "Mark done" }).click();

      // In the dialog, not behind it: seen, heard, and pressed there (a press that landed on
      // the overlay would close the list).
      await expect(tasks.getByRole("status")).toContainText("Stretch is done. Next due");
      const undo = tasks.getByRole("button", { name: "Undo" });
      await expect(undo).toBeInViewport();
      await undo.click();
      await expect(tasks.getByRole("status")).toContainText("Stretch is back to");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });

    test("a recurring task marked done by mistake is put back from its edit form, by keyboard", async ({
      page,
      api,
    }) => {
      const now = new Date();
      const task = await api.tasks.create({
        title: "Take the bins out",
        due_date: `${utcDatePlus(now, 1)}T07:00:00Z`,
        frequency: "Weekly",
        priority: "Medium",
      });
      await openDashboard(page);
      const bins = row(page, "Tasks", "Take the bins out");
      await tabTo(page, bins.getByRole("button", { name: "Mark done" }), 80);
      await page.keyboard.press("Enter");
      const shown = (days: number) =>
        `Due: ${new Date(`${utcDatePlus(now, days)}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC" })}`;
      await expect(bins).toContainText(shown(8));

      await tabTo(page, bins.getByRole("button", { name: "Take the bins out", exact: true }), 10);
      await page.keyboard.press("Enter");
      const edit = dialog(page, "Edit task");
      const undo = edit.getByRole("button", { name: "Undo last completion" });
      await expect(undo).toBeVisible();
      // Its history: marked done once, closing tomorrow's 07:00 occurrence (decisions D9).
      const history = edit.getByRole("region", { name: "Done before" });
      await expect(history).toContainText("Marked done once");
      // The date as the page writes it; its time is left to the pattern (ICU's spaces differ).
      const closed = new Date(`${utcDatePlus(now, 1)}T07:00:00Z`).toLocaleDateString("en-US", {
        timeZone: "UTC",
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
      });
      await expect(history.getByRole("listitem")).toHaveText([
        new RegExp(`· due ${closed}, 7:00\\sAM$`),
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await tabTo(page, undo);
      await page.keyboard.press("Enter");
      await expect(edit).toBeHidden();
      await expect(bins).toContainText(shown(1));
      await expect(
        bins.getByRole("button", { name: "Take the bins out", exact: true }),
      ).toBeFocused();
      await expect
        .poll(async () => (await api.tasks.get(task.id)).due_date)
        .toBe(`${utcDatePlus(now, 1)}T07:00:00Z`);

      // Nothing left to undo: the form no longer offers it, and its history, read again, is empty
      // (the form then shows none: ui's task-history.test.tsx).
      const historyRead = page.waitForResponse((answer) =>
        answer.url().endsWith(`/tasks/${String(task.id)}/completions`),
      );
      await page.keyboard.press("Enter");
      await expect(edit.getByRole("button", { name: "Delete task" })).toBeVisible();
      await expect(undo).toHaveCount(0);
      expect(await (await historyRead).json()).toEqual({ total: 0, skips: 0, completions: [] });
    });

    test("a task is edited in the Add form in edit mode, by keyboard alone", async ({
      page,
      api,
    }) => {
      const task = await api.tasks.create({
        title: "Renew passport",
        due_date: `${utcDatePlus(new Date(), 2)}T14:30:00Z`,
        frequency: "Yearly",
        priority: "High",
        notes: "Photos first",
      });
      await openDashboard(page);
      const name = card(page, "Tasks").getByRole("button", { name: "Renew passport", exact: true });
      await tabTo(page, name, 80);
      await page.keyboard.press("Enter");
      const edit = dialog(page, "Edit task");
      await expect(edit.getByLabel("Task Title")).toHaveValue("Renew passport");
      await expect(edit.getByLabel("Time")).toHaveValue("14:30");
      await expect(edit.getByLabel("Notes (Optional)")).toHaveValue("Photos first");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      await expect(edit.getByLabel("Task Title")).toBeFocused();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Renew passport and ID card");
      await tabTo(page, edit.getByRole("button", { name: "Save changes" }));
      await page.keyboard.press("Enter");
      await expect(edit).toBeHidden();
      const renamed = card(page, "Tasks").getByRole("button", {
        name: "Renew passport and ID card",
        exact: true,
      });
      await expect(renamed).toBeFocused();
      await expect(card(page, "Priority Tasks")).toContainText("Renew passport and ID card");
      expect((await api.tasks.get(task.id)).title).toBe("Renew passport and ID card");
    });

    test("a task is deleted by keyboard alone, after a question that keeps it on Cancel", async ({
      page,
      api,
    }) => {
      await api.tasks.create({
        title: "Cancel the gym",
        due_date: `${utcDatePlus(new Date(), 1)}T08:00:00Z`,
        frequency: "Once",
        priority: "Low",
      });
      await openDashboard(page);
      await tabTo(
        page,
        card(page, "Tasks").getByRole("button", { name: "Cancel the gym", exact: true }),
        80,
      );
      await page.keyboard.press("Enter");
      const edit = dialog(page, "Edit task");
      await tabTo(page, edit.getByRole("button", { name: "Delete task" }));
      await page.keyboard.press("Enter");
      const question = page.getByRole("alertdialog", { name: "Delete this task?" });
      await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await page.keyboard.press("Enter");
      await expect(question).toBeHidden();
      await expect(edit.getByRole("button", { name: "Delete task" })).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(question.getByRole("button", { name: "Delete task" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(card(page, "Tasks")).toContainText("No tasks available");
      await expect(card(page, "Tasks")).toBeFocused();
      await expect.poll(async () => (await api.tasks.list()).length).toBe(0);
    });

    test("a subscription is paused and resumed from All Subscriptions, its totals following", async ({
      page,
      api,
    }) => {
      const now = new Date();
      await api.subscriptions.create({
        name: "Netflix",
        next_renewal_date: utcDatePlus(now, 2),
        cost: 12.99,
        frequency: "Monthly",
        priority: "Medium",
        remind_days_before: 3,
      });
      await api.subscriptions.create({
        name: "Cloud storage",
        next_renewal_date: utcDatePlus(now, 5),
        cost: 120,
        frequency: "Yearly",
        priority: "Medium",
        remind_days_before: 7,
      });
      await openDashboard(page);
      await card(page, "Renewals Soon")
        .getByRole("button", { name: "Manage Subscriptions" })
        .click();
      const all = dialog(page, "All Subscriptions");
      // 12.99 x 12 + 120 = 275.88 a year, 22.99 a month.
      await expect(all).toContainText("$22.99 per month");
      await expect(all).toContainText("$275.88 per year");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      const netflix = all.getByRole("listitem").filter({ hasText: "Netflix" });
      const toggle = netflix.getByRole("switch", { name: "Active" });
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(toggle).not.toBeChecked();
      await expect(netflix).toContainText("Paused");
      await expect(all).toContainText("$10.00 per month");
      await expect(all).toContainText("$120.00 per year");
      await expect
        .poll(
          async () => (await api.subscriptions.list()).find((s) => s.name === "Netflix")?.active,
        )
        .toBe(false);
      await page.keyboard.press("Escape");
      await expect(row(page, "Renewals Soon", "Netflix")).toHaveCount(0);
      await expect(row(page, "Subscriptions", "Netflix")).toContainText("Paused");

      await card(page, "Subscriptions")
        .getByRole("button", { name: "View all subscriptions" })
        .click();
      await all.getByRole("listitem").filter({ hasText: "Netflix" }).getByRole("switch").click();
      await expect(all).toContainText("$22.99 per month");
      await page.keyboard.press("Escape");
      await expect(row(page, "Renewals Soon", "Netflix")).toHaveCount(1);
    });

    test("a change the API refuses is put back, with its message", async ({ page, api }) => {
      await api.subscriptions.create({
        name: "Gym",
        next_renewal_date: utcDatePlus(new Date(), 3),
        cost: 30,
        frequency: "Monthly",
        priority: "Medium",
        remind_days_before: 1,
      });
      await openDashboard(page);
      await page.route("**/subscriptions/*", async (route) => {
        if (route.request().method() !== "PATCH") return route.continue();
        await route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ detail: "Database unavailable" }),
        });
      });
      await card(page, "Subscriptions")
        .getByRole("button", { name: "View all subscriptions" })
        .click();
      const all = dialog(page, "All Subscriptions");
      await all.getByRole("switch", { name: "Active" }).click();
      await expect(all.getByRole("alert")).toContainText("Database unavailable");
      await expect(all.getByRole("switch", { name: "Active" })).toBeChecked();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alert")).toContainText("Database unavailable");
      await expect(row(page, "Renewals Soon", "Gym")).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });

    test("a change refused far down the page brings its message into view", async ({
      page,
      api,
    }) => {
      await api.tasks.create({
        title: "Return the library books",
        due_date: `${utcDatePlus(new Date(), 4)}T09:00:00Z`,
        frequency: "Once",
        priority: "Low",
      });
      await openDashboard(page);
      await page.route("**/tasks/*/complete", async (route) => {
        await route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ detail: "Database unavailable" }),
        });
      });
      // The Tasks card, last on the page: the top of the page, where its alert comes, is out of
      // view.
      const books = row(page, "Tasks", "Return the library books");
      await books.scrollIntoViewIfNeeded();
      await expect(page.getByRole("heading", { level: 1 })).not.toBeInViewport();
      await books.getByRole("button", { name: "Mark done" }).click();

      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Database unavailable");
      await expect(alert).toBeInViewport({ ratio: 1 });
      // Whole, and not under the header where it is sticky.
      const header = await page.getByRole("banner").boundingBox();
      const shown = await alert.boundingBox();
      expect(shown?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      await expect(books.getByRole("button", { name: "Mark done" })).toBeVisible();
    });

    test("Review Now shows the pending High tasks first; View all events shows 30 days, recurring ones expanded", async ({
      page,
      api,
    }) => {
      const now = new Date();
      const done = await api.tasks.create({
        title: "High, done",
        due_date: `${utcDatePlus(now, 1)}T08:00:00Z`,
        frequency: "Once",
        priority: "High",
      });
      await api.tasks.complete(done.id);
      await api.tasks.create({
        title: "Stretch",
        due_date: `${utcDatePlus(now, 0)}T23:00:00Z`,
        frequency: "Daily",
        priority: "High",
      });
      // Longer than a row at either width: the dashboard's cards cut it, All Events shows it whole.
      const longName = "Allotment society membership, with the water rates for plot forty-two";
      await api.subscriptions.create({
        name: longName,
        cost: 42,
        frequency: "Monthly",
        next_renewal_date: utcDatePlus(now, 3),
      });
      await openDashboard(page);
      await card(page, "Priority Tasks").getByRole("button", { name: "Review Now" }).click();
      const tasks = dialog(page, "All Tasks");
      await expect(tasks.getByRole("heading", { level: 3 })).toHaveText(["Stretch", "High, done"]);
      await expect(tasks).toContainText("✓ Completed");
      await page.keyboard.press("Escape");

      await card(page, "Upcoming Events").getByRole("button", { name: "View all events" }).click();
      const events = dialog(page, "All Events");
      await expect(events.getByRole("heading", { level: 3 })).toHaveCount(30);
      await expect(events.getByRole("button", { name: "Stretch", exact: true })).toHaveCount(30);
      await expect(events.getByRole("button", { name: "Mark done" })).toHaveCount(1);
      const renewal = events.getByRole("button", { name: longName, exact: true });
      expect(await renewal.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });
  });
}

test("a double-click on Mark done completes one task, not also the one that moves under it", async ({
  page,
  api,
}) => {
  const now = new Date();
  const due = (days: number) => `${utcDatePlus(now, days)}T09:00:00Z`;
  // Completing the first moves it a month on, after the second: the second's row comes under
  // the pointer between the two clicks.
  const first = await api.tasks.create({
    title: "Pay council tax",
    due_date: due(1),
    frequency: "Monthly",
    priority: "High",
  });
  const second = await api.tasks.create({
    title: "Month-end report",
    due_date: due(2),
    frequency: "Monthly",
    priority: "High",
  });
  const completions: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/complete")) {
      completions.push(request.url());
    }
  });
  await openDashboard(page);
  await row(page, "Priority Tasks", "Pay council tax")
    .getByRole("button", { name: "Mark done" })
    .dblclick();
  await expect(card(page, "Priority Tasks").getByRole("listitem").first()).toContainText(
    "Month-end report",
  );
  await expect.poll(async () => (await api.tasks.get(first.id)).due_date).not.toBe(due(1));
  expect(completions).toHaveLength(1);
  expect((await api.tasks.get(second.id)).due_date).toBe(due(2));
});

test("a pending task due yesterday reads as overdue on the dashboard; a done one does not", async ({
  page,
  api,
}) => {
  const yesterday = `${utcDatePlus(new Date(), -1)}T00:00:00Z`;
  const shown = new Date(yesterday).toLocaleDateString("en-US", { timeZone: "UTC" });
  await api.tasks.create({
    title: "Post the forms",
    due_date: yesterday,
    frequency: "Once",
    priority: "High",
  });
  const done = await api.tasks.create({
    title: "Book the MOT",
    due_date: yesterday,
    frequency: "Once",
    priority: "High",
  });
  await api.tasks.complete(done.id);
  await openDashboard(page);
  for (const name of ["Priority Tasks", "Tasks"]) {
    await expect(row(page, name, "Post the forms")).toContainText(`Overdue since ${shown}`);
    await expect(row(page, name, "Book the MOT")).toContainText(`Due: ${shown}`);
  }
  // Contrast included (a real browser): the overdue words are in the danger colour.
  expect(await seriousViolations(page)).toEqual([]);

  // All Tasks says it in the card's status.
  await card(page, "Priority Tasks").getByRole("button", { name: "Review Now" }).click();
  const tasks = dialog(page, "All Tasks");
  await expect(tasks.getByRole("listitem").filter({ hasText: "Post the forms" })).toContainText(
    "Status: ! Overdue",
  );
  await expect(tasks.getByRole("listitem").filter({ hasText: "Book the MOT" })).toContainText(
    "Status: ✓ Completed",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
