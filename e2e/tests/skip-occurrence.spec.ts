// decisions D9: a recurring task's date can be skipped from its edit form, as a person away for a
// week does with the bins: "Skip this time" beside the date moves it a week on at once and in the
// API, the page says so with an Undo, the form then says the date was skipped (its history lists
// the skip, its Undo is "Undo last skip"), and the notice's Undo puts it back. A task that happens
// once offers no skip. Skipped by keyboard from All Tasks, where the task moves down the list (its
// row drawn anew), focus comes back to its name.
import type { Locator, Page } from "@playwright/test";
import { card, dialog, openAllTasks, openDashboard, utcDatePlus } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { expectNoSidewaysScroll, seriousViolations } from "../support/page-checks.js";

test.use({ ownAccount: true });

/** The row of a card that lists `title`. */
function row(page: Page, cardName: string, title: string): Locator {
  return card(page, cardName).getByRole("listitem").filter({ hasText: title });
}

/** "Due: 12/8/2026": the day `days` from `now`, as the rows write it (en-US, D6). */
function dueText(now: Date, days: number): string {
  const day = new Date(`${utcDatePlus(now, days)}T00:00:00Z`);
  return `Due: ${day.toLocaleDateString("en-US", { timeZone: "UTC" })}`;
}

test("skipping a weekly task's date moves it a week on, says so, lists the skip, and Undo puts it back", async ({
  page,
  api,
}) => {
  const now = new Date();
  const due = `${utcDatePlus(now, 1)}T07:00:00Z`;
  const task = await api.tasks.create({
    title: "Take the bins out",
    due_date: due,
    frequency: "Weekly",
  });
  await openDashboard(page);
  const bins = row(page, "Tasks", "Take the bins out");
  await expect(bins).toContainText(dueText(now, 1));

  const title = bins.getByRole("button", { name: "Take the bins out", exact: true });
  await title.click();
  let edit = dialog(page, "Edit task");
  // By keyboard: after the date and time, before Frequency.
  await tabTo(page, edit.getByRole("button", { name: "Skip this time" }), 10);
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  await expect(bins).toContainText(dueText(now, 8));
  await expect(page.getByRole("status")).toContainText([
    `Take the bins out is skipped. Next due ${dueText(now, 8).slice("Due: ".length)}.`,
  ]);
  await expect
    .poll(async () => (await api.tasks.get(task.id)).due_date)
    .toBe(`${utcDatePlus(now, 8)}T07:00:00Z`);

  await title.click();
  edit = dialog(page, "Edit task");
  await expect(edit.getByText("It moved on to this date when it was last skipped.")).toBeVisible();
  await expect(edit.getByRole("button", { name: "Undo last skip" })).toBeVisible();
  const history = edit.getByRole("region", { name: "Skipped before" });
  await expect(history).toContainText("Skipped once");
  await expect(history.getByRole("listitem")).toHaveText([/· skipped, due /]);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status")).toContainText([
    `Take the bins out is back to ${dueText(now, 1).slice("Due: ".length)}.`,
  ]);
  await expect(bins).toContainText(dueText(now, 1));
  await expect.poll(async () => (await api.tasks.get(task.id)).due_date).toBe(due);
});

test("a task that happens once offers no skip", async ({ page, api }) => {
  const now = new Date();
  await api.tasks.create({
    title: "Renew the passport",
    due_date: `${utcDatePlus(now, 3)}T00:00:00Z`,
    frequency: "Once",
  });
  await openDashboard(page);
  await row(page, "Tasks", "Renew the passport")
    .getByRole("button", { name: "Renew the passport", exact: true })
    .click();
  const edit = dialog(page, "Edit task");
  await expect(edit.getByRole("button", { name: "Save changes" })).toBeVisible();
  await expect(edit.getByRole("button", { name: "Skip this time" })).toHaveCount(0);
});

test("a keyboard skip in All Tasks that moves the task down the list leaves focus on its name", async ({
  page,
  api,
}) => {
  const now = new Date();
  for (const [title, days] of [
    ["Bins", 1],
    ["Plants", 2],
  ] as const) {
    await api.tasks.create({
      title,
      due_date: `${utcDatePlus(now, days)}T07:00:00Z`,
      frequency: "Weekly",
    });
  }
  await openDashboard(page);
  const all = await openAllTasks(page);
  await tabTo(page, all.getByRole("button", { name: "Bins", exact: true }), 30);
  await page.keyboard.press("Enter");
  const edit = dialog(page, "Edit task");
  await tabTo(page, edit.getByRole("button", { name: "Skip this time" }), 10);
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  // Bins, a week on, now comes after Plants, and its name has focus again.
  await expect(all.getByRole("listitem").last()).toContainText("Bins");
  await expect(all.getByRole("button", { name: "Bins", exact: true })).toBeFocused();
});
