// Issue 18: nothing typed is lost by a misclick. Closing the Add form with something typed in it
// (a click on the overlay, Escape) asks first; Cancel goes back to the form as it was, Discard
// closes it with nothing sent. The Escape path by keyboard alone; axe on the question.
import { dialog, openAddTask, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { seriousViolations } from "../support/page-checks.js";

test("a click outside or Escape asks before what was typed is thrown away", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/tasks/")) posts.push(request.url());
  });
  await openDashboard(page);
  const add = await openAddTask(page);
  const title = add.getByLabel("Task Title");
  await title.fill("Renew passport");
  const question = page.getByRole("alertdialog", { name: "Discard what you typed?" });

  // The overlay covers the page around the dialog; its top left corner is outside the dialog.
  await page.mouse.click(4, 4);
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription("What you typed in this form will be lost.");
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(add).toBeVisible();
  await expect(title).toHaveValue("Renew passport");
  // Back in the field the person was typing in (the click outside did not take focus from it).
  await expect(title).toBeFocused();

  // By keyboard alone: Escape asks, Cancel has focus, Tab reaches Discard.
  await page.keyboard.press("Escape");
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: "Discard" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(question).toBeHidden();
  await expect(add).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Task/Event" })).toBeFocused();
  expect(posts).toEqual([]);

  // Discarded: the next opening starts empty, and closes on Escape at once.
  await page.keyboard.press("Enter");
  await dialog(page, "What would you like to add?")
    .getByRole("button", { name: /^Add Task/ })
    .click();
  await expect(add.getByLabel("Task Title")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(add).toBeHidden();
  await expect(question).toBeHidden();
});
