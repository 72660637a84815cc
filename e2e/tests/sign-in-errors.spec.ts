// Issue 6, item 3, and decisions D2: a failed sign-in says so on the sign-up page and cleans the
// address; the callback page with an error, without a code, with a code this browser did not ask
// for, or with tokens ends there too, signed out.
import { expect, test } from "../support/fixtures.js";

test.use({ storageState: { cookies: [], origins: [] } });

test("/?error=access_denied says the sign-in failed and cleans the address", async ({
  page,
  baseURL,
}) => {
  await page.goto("/?error=access_denied");
  await expect(page.getByRole("alert")).toHaveText("Authentication failed. Please try again.");
  await expect(page).toHaveURL(`${String(baseURL)}/`);
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
});

test("cancelling at the provider comes back to the sign-up page with the failure shown", async ({
  page,
  baseURL,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alert")).toHaveText("Authentication failed. Please try again.");
  await expect(page).toHaveURL(`${String(baseURL)}/`);
});

for (const [what, query] of [
  ["an error", "?error=access_denied"],
  ["no code", ""],
  ["a code the API never issued", "?code=made-up"],
  ["tokens instead of a code", "?token=abc&refresh_token=abc"],
] as const) {
  test(`/auth/callback with ${what} says the sign-in failed, signed out`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/auth/callback${query}`);
    await expect(page.getByRole("alert")).toHaveText("Authentication failed. Please try again.");
    await expect(page).toHaveURL(`${String(baseURL)}/`);
    expect(await page.evaluate(() => localStorage.getItem("tokenData"))).toBeNull();
  });
}
