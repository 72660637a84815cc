// Issue 6, item 6: when the server refuses a save, its message shows in the modal's banner and
// the modal stays open with what was typed. The form would never send a title over the limit,
// so the request is changed on its way out (the real API answers it).
import { dialog, openAddTask, openDashboard } from "../support/dashboard.js";
import { expect, test } from "../support/fixtures.js";

test("a title over the limit, sent past the form, shows the server's message in the banner", async ({
  page,
  stack,
}) => {
  await openDashboard(page);
  const modal = await openAddTask(page);
  await modal.getByLabel("Task Title").fill("Renew the car insurance");
  await modal.getByLabel("Due Date").fill("2031-05-01");
  await modal.getByLabel("Notes (Optional)").fill("Compare three quotes");

  await page.route(`${stack.apiUrl}/tasks/`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    return route.continue({
      postData: JSON.stringify({
        title: "x".repeat(201),
        due_date: "2031-05-01T00:00:00Z",
        frequency: "Daily",
        priority: "Medium",
        notes: "Compare three quotes",
      }),
    });
  });
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().endsWith("/tasks/"),
  );
  await modal.getByRole("button", { name: "Save and add to calendar" }).click();
  expect((await answered).status()).toBe(422);

  await expect(modal.getByRole("alert")).toHaveText("Task title must be at most 200 characters");
  await expect(dialog(page, "Add New Task/Subscription")).toBeVisible();
  await expect(modal.getByLabel("Task Title")).toHaveValue("Renew the car insurance");
  await expect(modal.getByLabel("Due Date")).toHaveValue("2031-05-01");
  await expect(modal.getByLabel("Notes (Optional)")).toHaveValue("Compare three quotes");
  await expect(modal.getByRole("button", { name: "Save and add to calendar" })).toBeEnabled();
});
