// Issue 6, item 2: signing in through the real OpenID Connect flow with the local provider, every
// state the user passes through, and a session that survives a reload without a token in sight.
import { expect, newPerson, test } from "../support/fixtures.js";
import { holdRequests } from "../support/held-requests.js";
import { TOKEN_DATA_KEY, fillProviderForm, storedTokens } from "../support/sign-in.js";

test.use({ storageState: { cookies: [], origins: [] } });

test("signing in goes from the sign-up page through the provider's form to the dashboard", async ({
  page,
  stack,
  baseURL,
}) => {
  const person = newPerson("Ada Lovelace");
  const addresses: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  const referrers: string[] = [];
  page.on("request", (request) => {
    const referrer = request.headers().referer;
    if (referrer !== undefined) referrers.push(referrer);
  });

  // The request for the authorization URL is held (the real API answers it once let go) so that
  // the waiting state can be seen.
  const release = await holdRequests(page, `${stack.apiUrl}/auth/google/login*`);

  await page.goto("/");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  // The sign-up page's notice has a status region of its own, empty.
  await expect(
    page.getByRole("status").filter({ hasText: "Redirecting to Google..." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Loading..." })).toBeDisabled();
  release();

  // The provider's own page, on the API's origin.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(stack.apiUrl);
  await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toBeVisible();

  // spec 9: the callback waits 100 ms before going on; the clock is held there so that
  // "Authenticating..." can be seen, then moved on.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const exchanged = page.waitForResponse(`${stack.apiUrl}/auth/google/exchange`);
  await fillProviderForm(page, person);
  await expect(page.getByRole("status")).toHaveText("Authenticating...");
  // decisions D2: the callback's one-time code is exchanged for the session; the 100 ms run
  // from its answer.
  expect((await exchanged).status()).toBe(200);
  expect(page.url()).toBe(`${String(baseURL)}/auth/callback`);
  await page.clock.runFor(99);
  await expect(page.getByRole("status")).toHaveText("Authenticating...");
  await page.clock.runFor(1);
  await page.clock.resume();

  await expect(page).toHaveURL(`${String(baseURL)}/dashboard`);
  await expect(page.getByRole("heading", { name: "Good Morning, Ada Lovelace" })).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByText("A", { exact: true })).toBeVisible();
  await expect(header.getByText("Ada Lovelace", { exact: true })).toBeVisible();

  // decisions D2: the callback's address carried a one-time code, never a token, and the
  // address bar kept neither.
  expect(addresses.some((url) => url.includes("/auth/callback?code="))).toBe(true);
  expect(addresses.filter((url) => url.includes("token"))).toEqual([]);
  expect(page.url()).not.toMatch(/code|token/);
  // decisions D3: no request the pages made told anyone an address with a code or a token.
  expect(referrers.filter((referrer) => /token|[?&]code=/.test(referrer))).toEqual([]);
  const tokens = await storedTokens(page);
  expect(tokens).toEqual({
    access_token: expect.any(String) as unknown,
    refresh_token: expect.any(String) as unknown,
    token_type: "Bearer",
  });
  expect(await page.evaluate(() => [window.location.search, window.location.hash].join(""))).toBe(
    "",
  );

  // Reloading keeps you signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Good Morning, Ada Lovelace" })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key) !== null, TOKEN_DATA_KEY)).toBe(
    true,
  );
});

test("signed in, the sign-up page sends you on to the dashboard", async ({ page, baseURL }) => {
  const person = newPerson("Grace Hopper");
  await page.goto("/");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await fillProviderForm(page, person);
  await expect(page.getByRole("heading", { name: "Good Morning, Grace Hopper" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(`${String(baseURL)}/dashboard`);
  await expect(page.getByRole("heading", { name: "Good Morning, Grace Hopper" })).toBeVisible();
});
