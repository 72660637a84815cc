// Issue 6, item 4: adding a task through "Add Task/Event" -> "Add Task". Run west of Greenwich:
// the date typed is the date shown (decisions D6), where a plain local conversion would show the
// day before.
import { card, cardTitles, dialog, openAddTask, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { calendarCalls } from "@life-admin/api-client/calendar";

test.use({ ownAccount: true, timezoneId: "America/Los_Angeles" });

test("required fields block saving, with a message beside each", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/tasks/")) posts.push(request.url());
  });
  await openDashboard(page);
  const modal = await openAddTask(page);
  await modal.getByRole("button", { name: "Save and add to calendar" }).click();

  await expect(modal.getByLabel("Task Title")).toHaveAccessibleDescription(
    "Task title is required",
  );
  await expect(modal.getByText("Task title is required")).toBeVisible();
  await expect(modal.getByLabel("Due Date")).toHaveAccessibleDescription("Due date is required");
  await expect(modal.getByText("Due date is required")).toBeVisible();
  await expect(modal).toBeVisible();
  expect(posts).toEqual([]);
});

test("a saved High task shows in Priority Tasks with the count, in the summary and in All Tasks", async ({
  page,
  api,
}) => {
  // Issue 19: a calendar already connected, so the save ends on the dashboard (the calendar
  // offer is calendar-feed.spec.ts's).
  await calendarCalls(api).setConnected(true);
  // Already there: one task of each priority, the Low one due first, so that the order below
  // can only come from the priorities.
  await api.tasks.create({
    title: "Water the plants",
    due_date: "2030-01-05T00:00:00Z",
    priority: "Low",
  });
  await api.tasks.create({
    title: "Book a dentist",
    due_date: "2030-01-10T00:00:00Z",
    priority: "Medium",
  });
  await api.tasks.create({
    title: "Pay council tax",
    due_date: "2030-02-01T00:00:00Z",
    priority: "High",
  });

  await openDashboard(page);
  const priority = card(page, "Priority Tasks");
  await expect(priority.getByText("1", { exact: true })).toBeVisible();

  const modal = await openAddTask(page);
  await expect(modal.getByRole("tab", { name: "Task" })).toHaveAttribute("aria-selected", "true");
  await modal.getByLabel("Task Title").fill("Renew passport");
  await modal.getByLabel("Due Date").fill("2030-03-15");
  await modal.getByLabel("Time").fill("09:30");
  await modal.getByLabel("Priority", { exact: true }).selectOption("High");
  await expect(modal.getByText("High Priority")).toBeVisible();
  await modal.getByLabel("Notes (Optional)").fill("Two photos, old passport");

  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  await expect(modal).toBeHidden();
  // spec 3, decisions D6: the due date is the date and time as typed, in UTC.
  expect((await api.tasks.list()).find((task) => task.title === "Renew passport")).toMatchObject({
    due_date: "2030-03-15T09:30:00Z",
    priority: "High",
    frequency: "Daily",
    description: "Two photos, old passport",
  });

  await expect(priority.getByText("2", { exact: true })).toBeVisible();
  const row = priority.getByRole("listitem").filter({ hasText: "Renew passport" });
  await expect(row).toContainText("Due: 3/15/2030");

  const summaryRow = card(page, "Tasks")
    .getByRole("listitem")
    .filter({ hasText: "Renew passport" });
  await expect(summaryRow).toContainText("Due: 3/15/2030");
  // issue 18: the summary marks the priority with the agenda's dot, named for screen readers.
  await expect(summaryRow).toContainText("High priority task");

  await card(page, "Tasks").getByRole("button", { name: "View all tasks" }).click();
  const all = dialog(page, "All Tasks");
  await expect(cardTitles(all)).toHaveText([
    "Pay council tax",
    "Renew passport",
    "Book a dentist",
    "Water the plants",
  ]);
  const saved = all.getByRole("listitem").filter({ hasText: "Renew passport" });
  await expect(saved).toContainText("High Priority");
  await expect(saved).toContainText("Two photos, old passport");
  await expect(saved).toContainText("Due Date: 3/15/2030");
  await expect(saved).toContainText("Status: ○ Pending");
});
