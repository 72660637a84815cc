// decisions D9: a recurring task's series may end on a date. A person on a course of antibiotics
// sets "Repeat until" in the task's form; the row then says until when it repeats, marking its
// last date done ends it ("Ended", and the page says that was its last date), and the notice's
// Undo opens that date again. A new task whose end is before its date is refused beside the field
// and nothing is saved.
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openAddTask, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { seriousViolations } from "../support/page-checks.js";

test.use({ ownAccount: true });

/** The row of the Tasks card that lists `title`. */
function row(page: Page, title: string): Locator {
  return card(page, "Tasks").getByRole("listitem").filter({ hasText: title });
}

/** "12/8/2026": the day `days` from `now`, as the rows write it (en-US, D6). */
function shownDate(now: Date, days: number): string {
  const day = new Date(`${utcDatePlus(now, days)}T00:00:00Z`);
  return day.toLocaleDateString("en-US", { timeZone: "UTC" });
}

test("a daily task given an end repeats until then, ends after its last date, and Undo opens it again", async ({
  page,
  api,
}) => {
  const now = new Date();
  const title = "Take the antibiotics";
  const task = await api.tasks.create({
    title,
    due_date: `${utcDatePlus(now, 1)}T08:00:00Z`,
    frequency: "Daily",
  });
  await openDashboard(page);
  const pills = row(page, title);
  await pills.getByRole("button", { name: title, exact: true }).click();
  const edit = dialog(page, "Edit task");
  const until = edit.getByLabel("Repeat until");
  await expect(until).toHaveValue("");
  await until.fill(utcDatePlus(now, 2));
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(pills).toContainText(`Daily until ${shownDate(now, 2)} · Due: ${shownDate(now, 1)}`);
  await expect
    .poll(async () => (await api.tasks.get(task.id)).repeat_until)
    .toBe(utcDatePlus(now, 2));

  await pills.getByRole("button", { name: "Mark done" }).click();
  await expect(pills).toContainText(`Due: ${shownDate(now, 2)}`);
  await expect(pills.getByRole("button", { name: "Mark done" })).toBeEnabled();
  await pills.getByRole("button", { name: "Mark done" }).click();
  await expect(page.getByRole("status")).toContainText([
    `${title} is done. That was its last date.`,
  ]);
  await expect(pills).toContainText(`Daily until ${shownDate(now, 2)} · Ended`);
  await expect.poll(async () => (await api.tasks.get(task.id)).completed).toBe(true);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status")).toContainText([
    `${title} is back to ${shownDate(now, 2)}.`,
  ]);
  await expect(pills).toContainText(`Due: ${shownDate(now, 2)}`);
  await expect
    .poll(async () => await api.tasks.get(task.id))
    .toMatchObject({ completed: false, due_date: `${utcDatePlus(now, 2)}T08:00:00Z` });
});

test("a new task whose end is before its date is refused beside Repeat until, and nothing is saved", async ({
  page,
  api,
}) => {
  const now = new Date();
  await openDashboard(page);
  const add = await openAddTask(page);
  await add.getByLabel("Task Title").fill("Water the seedlings");
  await add.getByLabel("Due Date").fill(utcDatePlus(now, 3));
  const until = add.getByLabel("Repeat until");
  await until.fill(utcDatePlus(now, 2));
  await add.getByRole("button", { name: "Save and add to calendar" }).click();
  await expect(until).toHaveAccessibleDescription(/Repeat until must be on or after the due date/);
  await expect(until).toBeFocused();
  expect(await api.tasks.list()).toEqual([]);
});
