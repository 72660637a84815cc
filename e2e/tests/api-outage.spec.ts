// Issue 6, item 10: when the API is unreachable the dashboard says so with Reload, and Reload
// recovers once the API is back. The API is really stopped and started again (the worker's own
// product, so that no other test loses it).
import { card, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/isolated-stack.js";

test("with the API away the dashboard shows the error and Reload; Reload recovers once it is back", async ({
  page,
  api,
  isolatedStack,
}) => {
  await api.tasks.create({ title: "File the tax return", due_date: "2031-01-31T00:00:00Z" });
  await openDashboard(page);
  await expect(card(page, "Tasks")).toContainText("File the tax return");

  await isolatedStack.api.stop();
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(/^Error: \S/);
  const reload = page.getByRole("button", { name: "Reload" });
  await expect(reload).toBeVisible();

  // Still away: Reload shows the same error again.
  await reload.click();
  await expect(page.getByRole("alert")).toHaveText(/^Error: \S/);

  await isolatedStack.api.start();
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: /^Good Morning, / })).toBeVisible();
  await expect(card(page, "Tasks")).toContainText("File the tax return");
  await expect(page.getByRole("alert")).toHaveCount(0);
});
