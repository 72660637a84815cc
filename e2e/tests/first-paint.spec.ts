// Issue 7: the served page paints the app's waiting state before any script runs (index.html),
// in LoadingScreen's look; once the app starts, the page it is on takes its place.
import { expect, test } from "../support/fixtures.js";

test.use({ storageState: { cookies: [], origins: [] } });

test.describe("before any script has run", () => {
  test.use({ javaScriptEnabled: false });

  test("the page already shows 'Loading...' with its spinner, centred", async ({ page }) => {
    await page.goto("/dashboard");
    const status = page.getByRole("status");
    await expect(status).toHaveText("Loading...");
    await expect(status).toBeVisible();
    const spinner = page.locator(".la-loading-spinner");
    // The styles are LoadingScreen's own (packages/ui status-screen.module.css).
    await expect(spinner).toHaveCSS("width", "40px");
    await expect(spinner).toHaveCSS("border-radius", "50%");
    await expect(page.locator("main.la-loading-screen")).toHaveCSS("display", "flex");
  });
});

test("the sign-up page takes the waiting state's place, and nothing of it stays", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  await expect(page.locator(".la-loading-screen")).toHaveCount(0);
});
