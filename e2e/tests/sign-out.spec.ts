// Issue 17: "Sign out" in the avatar menu ends the sign-in on the server, not only in the tab: the
// tab lands on the sign-up page with nothing stored, and the tokens it had stop working at once.
import type { Page } from "@playwright/test";
import { watchApiTraffic } from "../support/api-traffic.js";
import { expect, newPerson, test } from "../support/fixtures.js";
import { signInThroughUi, storedTokens } from "../support/sign-in.js";

test.use({ storageState: { cookies: [], origins: [] } });

const SIGN_UP_HEADING = "Get Started with us today!";

function accountButton(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true });
}

test("signing out from the avatar menu ends the sign-in: the sign-up page, and the old refresh token refused", async ({
  page,
  stack,
}) => {
  const person = newPerson("Sign Out");
  await signInThroughUi(page, person);
  const tokens = await storedTokens(page);
  if (tokens === null) throw new Error("signed in, but no session was stored");
  const traffic = watchApiTraffic(page, stack.apiUrl);

  await accountButton(page, person.name).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();

  await expect(page.getByRole("heading", { name: SIGN_UP_HEADING })).toBeVisible();
  await expect(page).toHaveURL(`${stack.webUrl}/`);
  expect(await storedTokens(page)).toBeNull();
  await expect.poll(() => traffic.statuses("/auth/logout")).toEqual([204]);

  // The sign-in was ended on the server: its refresh token (and its access token) are refused.
  const refresh = await page.request.post(`${stack.apiUrl}/auth/refresh`, {
    data: { refresh_token: tokens.refresh_token },
  });
  expect(refresh.status()).toBe(401);
  const profile = await page.request.get(`${stack.apiUrl}/users/me`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(profile.status()).toBe(401);

  // And the dashboard is out of reach until the next sign-in.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: SIGN_UP_HEADING })).toBeVisible();
});

test("the avatar menu works by keyboard: Enter opens it on Documents, the arrows, Home and End move in it, Escape closes it and returns focus", async ({
  page,
}) => {
  const person = newPerson("Menu Keys");
  await signInThroughUi(page, person);
  const button = accountButton(page, person.name);
  await expect(button).toHaveAttribute("aria-haspopup", "menu");
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  // issue 21: Documents comes first, then Settings (issue 19).
  await expect(page.getByRole("menuitem", { name: "Documents" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Documents" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  // WAI-ARIA menu: Home and End reach the first and the last item.
  await page.keyboard.press("Home");
  await expect(page.getByRole("menuitem", { name: "Documents" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: SIGN_UP_HEADING })).toBeVisible();
  expect(await storedTokens(page)).toBeNull();
});
