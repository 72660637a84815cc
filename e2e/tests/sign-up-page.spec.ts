// Issue 6, item 1: signed out, the dashboard is closed and the sign-up page says what it offers.
import { expect, test } from "../support/fixtures.js";

test.use({ storageState: { cookies: [], origins: [] } });

test("signed out, /dashboard sends you to the sign-up page", async ({ page, baseURL }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(`${String(baseURL)}/`);
  await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
});

test("the sign-up page shows its heading, both buttons and the privacy line", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Get Started with us today!" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Sign Up with Email" })).toBeEnabled();
  await expect(
    page.getByText(
      "Your data is yours: no other account sees it unless you share it with your household, and we never sell it. Uploaded documents are stored encrypted and read on this server, never sent elsewhere; tasks and subscriptions are stored unencrypted. Download everything or delete your account at any time in Settings.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Your AI Life Admin Assistant")).toBeVisible();
});

test("Sign Up with Email does nothing yet: the page stays as it is", async ({ page, baseURL }) => {
  await page.goto("/");
  const logged = page.waitForEvent("console", (message) => message.type() === "info");
  await page.getByRole("button", { name: "Sign Up with Email" }).click();
  expect((await logged).text()).toContain("Sign Up with Email");
  await expect(page).toHaveURL(`${String(baseURL)}/`);
  await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
});
