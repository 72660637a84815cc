// Issue 8, suite 10 (browser side): many requests failing at once with an expired access token
// make exactly one refresh, across tabs too; a refused refresh ends the session once, without a
// loop of retries.
import { watchApiTraffic } from "../support/api-traffic.js";
import { openDashboard } from "../support/dashboard.js";
import { holdRequests } from "../support/held-requests.js";
import { expect, test } from "../support/fixtures.js";
import { storedTokens } from "../support/sign-in.js";
import { expired, storeTokens } from "../support/tokens.js";

test.use({ ownAccount: true });

const DATA_PATHS = ["/users/me", "/tasks/", "/subscriptions/"];

test("five tabs loading at once with an expired access token make exactly one refresh", async ({
  page,
  context,
  account,
  stack,
}) => {
  // The API refuses this access token as expired, while the pages' clocks (ten minutes behind)
  // still take it for a good one: so every tab's requests go out with it, none held back by the
  // check on load.
  const expiredAccess = await expired(account.tokens.access_token, stack.signingKeyPem);
  await context.clock.install({ time: Date.now() - 10 * 60_000 });
  // The expired token is stored from a page of the app's origin that runs none of its code (its
  // icon): an open dashboard's own requests (the bell's) could meet it first and refresh before
  // the tabs open, unheld, so that the tabs would load with good tokens and never be refused.
  await page.goto("/favicon.svg");
  await storeTokens(page, { ...account.tokens, access_token: expiredAccess });

  // The first refresh is held (then answered by the API) until every tab has been refused, so
  // that all of them want a refresh at the same time.
  const traffic = watchApiTraffic(context, stack.apiUrl);
  const release = await holdRequests(context, `${stack.apiUrl}/auth/refresh*`);
  const tabs = await Promise.all(Array.from({ length: 5 }, () => context.newPage()));
  await Promise.all(tabs.map((tab) => tab.goto("/dashboard")));
  const refused = () =>
    DATA_PATHS.flatMap((path) => traffic.statuses(path)).filter((status) => status === 401);
  await expect.poll(() => refused().length).toBe(5 * DATA_PATHS.length);
  // The early requests (apps/web/src/early-requests.ts) can be refused before a tab's app has
  // started and asked for its refresh: wait for that one refresh, and still no more than one.
  await expect.poll(() => traffic.requests("/auth/refresh").length).toBe(1);
  release();

  for (const tab of tabs) {
    await expect(tab.getByRole("heading", { name: `Good Morning, ${account.name}` })).toBeVisible();
    await expect(tab.getByRole("alert")).toHaveCount(0);
  }
  expect(traffic.requests("/auth/refresh")).toHaveLength(1);
  expect(traffic.statuses("/auth/refresh")).toEqual([200]);
  for (const tab of tabs) {
    expect((await storedTokens(tab))?.refresh_token).not.toBe(account.tokens.refresh_token);
  }
});

test("a refused refresh ends the session once, with no loop", async ({
  page,
  api,
  stack,
  baseURL,
}) => {
  const bellAnswered = page.waitForResponse((response) =>
    response.url().startsWith(`${stack.apiUrl}/notifications/`),
  );
  await openDashboard(page);
  // The bell asks for its reminders after the dashboard shows: answered before the sign-in ends,
  // or this page (about to be reloaded) would meet the ended sign-in and start a refresh of its
  // own (a clean-clone CI run counted it, aborted by the reload, as a second refresh).
  await bellAnswered;
  // The sign-in is ended on the server: the access token and the refresh token are refused.
  await api.auth.logout();

  const traffic = watchApiTraffic(page, stack.apiUrl);
  const arrivals: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) arrivals.push(frame.url());
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
  expect(await storedTokens(page)).toBeNull();
  // Quiet afterwards: nothing retries.
  await page.waitForLoadState("networkidle");

  expect(traffic.requests("/auth/refresh")).toHaveLength(1);
  expect(traffic.statuses("/auth/refresh")).toEqual([401]);
  for (const path of DATA_PATHS) expect(traffic.requests(path).length).toBeLessThanOrEqual(1);
  expect(arrivals.filter((url) => url === `${String(baseURL)}/`)).toHaveLength(1);
  await expect(page).toHaveURL(`${String(baseURL)}/`);
});
