// A person's first visit and first days, as they meet them (the first-use walk of November 2026):
// the empty lists offer the next step and say nothing of what is not there, a task saved without
// a time opens again without one, and a renewal on the day says "Renews today" under the bell.
import { card, dialog, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test.use({ ownAccount: true });

test("the empty lists: Documents offers Upload File; the bell and All Subscriptions show nothing to act on", async ({
  page,
}) => {
  await openDashboard(page);

  await page.getByRole("button", { name: "Notifications" }).click();
  const bell = dialog(page, "Notifications");
  await expect(bell).toContainText("You're all caught up.");
  await expect(bell.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "View all subscriptions" }).click();
  const subscriptions = dialog(page, "All Subscriptions");
  await expect(subscriptions).toContainText("No subscriptions available");
  await expect(subscriptions).not.toContainText("per month");
  await page.keyboard.press("Escape");

  const account = page.getByRole("button", { name: /^Own / });
  await account.click();
  await page.getByRole("menuitem", { name: "Documents" }).click();
  const documents = dialog(page, "Documents");
  await expect(documents).toContainText("No documents yet.");
  await documents.getByRole("button", { name: "Upload File" }).click();
  const upload = dialog(page, "Upload Files");
  await expect(upload).toBeVisible();
  await expect(documents).toBeHidden();
  await upload.getByRole("button", { name: "Cancel" }).click();
  await expect(upload).toBeHidden();
  await expect(account).toBeFocused();
});

test("a task saved without a time opens again with an empty Time, and stays all day", async ({
  page,
  api,
}) => {
  const day = utcDatePlus(new Date(), 3);
  await openDashboard(page);
  const add = await openAddTask(page);
  await add.getByLabel("Task Title").fill("Renew passport");
  await add.getByLabel("Due Date").fill(day);
  await add.getByLabel("Frequency").selectOption("Once");
  await add.getByRole("button", { name: "Save and add to calendar" }).click();
  await expect(add).toBeHidden();
  const offer = dialog(page, "Add your tasks to your calendar");
  await offer.getByRole("button", { name: "I've added it" }).click();

  await card(page, "Tasks").getByRole("button", { name: "Renew passport", exact: true }).click();
  const edit = dialog(page, "Edit task");
  await expect(edit.getByLabel("Due Date")).toHaveValue(day);
  await expect(edit.getByLabel("Time")).toHaveValue("");
  await edit.getByLabel("Task Title").fill("Renew passport and ID");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const [task] = await api.tasks.list();
  expect(task).toMatchObject({ title: "Renew passport and ID", due_date: `${day}T00:00:00Z` });
});

test("a renewal on the day says 'Renews today' under the bell, as on its card", async ({
  page,
  api,
}) => {
  // The page's today is the day the renewal was dated (README: pinned where labels count days).
  const now = new Date();
  await page.clock.setFixedTime(now);
  await api.subscriptions.create({
    name: "Spotify",
    cost: 9.99,
    frequency: "Monthly",
    priority: "Medium",
    remind_days_before: 7,
    next_renewal_date: utcDatePlus(now, 0),
  });
  await openDashboard(page);
  await expect(card(page, "Renewals Soon")).toContainText("Renews today");
  await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await expect(
    dialog(page, "Notifications").getByRole("button", { name: "Spotify Renews today Unread" }),
  ).toBeVisible();
});
