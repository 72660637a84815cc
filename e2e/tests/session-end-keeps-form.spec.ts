// A sign-in that ends under an open form (here ended on the server, as "Sign out everywhere else"
// on another device does) loses nothing typed: the save meets the ended sign-in and the app lands
// on the sign-up page, which says the form is kept; signing in again as the same person opens it
// again with what was typed, and it saves. Edits, another person on the same tab and the form's
// other cases: apps/web/src/forms/kept-form.test.tsx.
import {
  answerCalendarOffer,
  card,
  dialog,
  openAddTask,
  openDashboard,
} from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";
import { seriousViolations } from "../support/page-checks.js";
import { fillProviderForm } from "../support/sign-in.js";

test.use({ ownAccount: true });

test("a task typed when the sign-in ended is kept, and given back after signing in again", async ({
  page,
  api,
  account,
}) => {
  await openDashboard(page);
  const modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Book the boiler service");
  await modal.getByLabel("Due Date").fill("2031-06-15");
  await modal.getByLabel("Notes (Optional)").fill("Ask for the yearly price");
  // Signed out everywhere else, from another device: this sign-in is over on the server.
  await api.auth.logout();

  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
  await expect(
    page.getByText("You were signed out before what you were typing was saved"),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await fillProviderForm(page, account);
  const again = dialog(page, "Add New Task/Subscription");
  await expect(again).toBeVisible();
  await expect(again.getByText("You were signed out before this was saved.")).toBeVisible();
  await expect(again.getByLabel("Task Title")).toHaveValue("Book the boiler service");
  await expect(again.getByLabel("Due Date")).toHaveValue("2031-06-15");
  await expect(again.getByLabel("Notes (Optional)")).toHaveValue("Ask for the yearly price");
  expect(await seriousViolations(page)).toEqual([]);

  await again.getByRole("button", { name: "Save and add to calendar" }).click();
  await expect(again).toBeHidden();
  // The account's first save offers the calendar feed, over the page.
  await answerCalendarOffer(page);
  await expect(card(page, "Tasks").getByText("Book the boiler service")).toBeVisible();
  // Given back once: a reload opens the dashboard alone.
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
