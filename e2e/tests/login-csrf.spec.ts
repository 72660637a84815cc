// Issue 17 (RFC 9700 section 4.7, decisions D2): the login-CSRF attack, tried for real. An
// attacker stops their own sign-in at the web app's callback and sends the victim the link, or
// sends `/` with their own tokens; neither signs the victim's browser in as the attacker, and a
// victim who was signed in stays signed in as themselves. A reused code fails too.
import type { Page } from "@playwright/test";
import { SIGN_IN_SECRET_KEY } from "@life-admin/web/sign-in-secret";
import { expect, newPerson, test } from "../support/fixtures.js";
import { signInOverHttp, signInUpToCallback, storedTokens } from "../support/sign-in.js";

const FAILED = "Authentication failed. Please try again.";

async function expectSignedOutWithFailure(page: Page, baseURL: string | undefined) {
  await expect(page.getByRole("alert")).toHaveText(FAILED);
  await expect(page).toHaveURL(`${String(baseURL)}/`);
  expect(await storedTokens(page)).toBeNull();
}

test.describe("signed out, the victim", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("is not signed in by a callback link from the attacker's sign-in", async ({
    page,
    request,
    stack,
    baseURL,
  }) => {
    const attacker = await signInUpToCallback(request, stack, newPerson("Mallory"));
    await page.goto(attacker.callbackUrl);
    await expectSignedOutWithFailure(page, baseURL);
  });

  test("is not signed in by / with the attacker's tokens", async ({
    page,
    request,
    stack,
    baseURL,
  }) => {
    const tokens = await signInOverHttp(request, stack, newPerson("Mallory"));
    await page.goto(`/?token=${tokens.access_token}&refresh_token=${tokens.refresh_token}`);
    await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
    await expect(page).toHaveURL(`${String(baseURL)}/`);
    expect(await storedTokens(page)).toBeNull();
  });

  test("cannot use a code twice, even in the tab that started the sign-in", async ({
    page,
    request,
    stack,
    baseURL,
  }) => {
    const own = await signInUpToCallback(request, stack, newPerson("Victim"));
    // The code is exchanged once (as if by whoever saw it first) ...
    const first = await request.post(`${stack.apiUrl}/auth/google/exchange`, {
      data: {
        code: new URL(own.callbackUrl).searchParams.get("code"),
        browser_verifier: own.secret,
      },
    });
    expect(first.status()).toBe(200);
    // ... then the tab that holds the secret opens the callback: the code is spent.
    await page.goto("/");
    await page.evaluate(
      ([key, secret]) => {
        sessionStorage.setItem(key, secret);
      },
      [SIGN_IN_SECRET_KEY, own.secret] as const,
    );
    await page.goto(own.callbackUrl);
    await expectSignedOutWithFailure(page, baseURL);
  });
});

test.describe("signed in, the victim", () => {
  test.use({ ownAccount: true });

  test("keeps their own session when opening the attacker's callback link", async ({
    page,
    request,
    stack,
    account,
  }) => {
    const attacker = await signInUpToCallback(request, stack, newPerson("Mallory"));
    await page.goto(attacker.callbackUrl);
    await expect(
      page.getByRole("heading", { name: `Good Morning, ${account.name}` }),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
    expect(await storedTokens(page)).toEqual(account.tokens);
  });

  test("keeps their own session when opening / with the attacker's tokens", async ({
    page,
    request,
    stack,
    account,
  }) => {
    const tokens = await signInOverHttp(request, stack, newPerson("Mallory"));
    await page.goto(`/?token=${tokens.access_token}&refresh_token=${tokens.refresh_token}`);
    await expect(
      page.getByRole("heading", { name: `Good Morning, ${account.name}` }),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/token/);
    expect(await storedTokens(page)).toEqual(account.tokens);
  });
});
