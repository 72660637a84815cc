// Issue 22: "Sign out another session and see it fail its next refresh". One person signed in on
// two browsers (a laptop, and a phone with an iPhone's User-Agent), each through the real OpenID
// flow (the laptop's in its pages, the phone's requests over HTTP). The laptop's Settings lists
// both devices by name; signing the phone out there ends its sign-in at once: the phone's next
// request is refused, its refresh too, and it lands on the sign-up page with nothing stored. "Sign out everywhere else" does it to every other device.
import type { APIRequest, Browser, BrowserContext, Page } from "@playwright/test";
import { watchApiTraffic } from "../support/api-traffic.js";
import { openDashboard } from "../support/dashboard.js";
import { expect, newPerson, test } from "../support/fixtures.js";
import { expectNoSidewaysScroll, seriousViolations } from "../support/page-checks.js";
import {
  type Person,
  signInOverHttp,
  signInThroughUi,
  storageStateFor,
  storedTokens,
} from "../support/sign-in.js";
import type { StackAddress } from "../support/stack.js";

test.use({ storageState: { cookies: [], origins: [] } });

const SIGN_UP_HEADING = "Get Started with us today!";
const IPHONE_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 " +
  "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/**
 * A second browser, an iPhone by its User-Agent, signed in as `person`: the sign-in's requests
 * made over HTTP with the phone's User-Agent (as its browser would send them), their tokens
 * stored in the phone's browser, which then opens the dashboard. The laptop signs in through the
 * pages; doing both that way spent a third of the test's time on a second copy of that flow.
 */
async function phoneSignedIn(
  browser: Browser,
  requests: APIRequest,
  stack: StackAddress,
  person: Person,
): Promise<{ context: BrowserContext; page: Page }> {
  const request = await requests.newContext({ userAgent: IPHONE_USER_AGENT });
  const tokens = await signInOverHttp(request, stack, person).finally(() => request.dispose());
  const context = await browser.newContext({
    baseURL: stack.webUrl,
    storageState: storageStateFor(stack.webUrl, tokens),
    userAgent: IPHONE_USER_AGENT,
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: `Good Morning, ${person.name}` })).toBeVisible();
  return { context, page };
}

/** Settings' "Devices" section, reached from the account menu. */
async function openDevices(page: Page, person: Person) {
  await page.getByRole("button", { name: person.name, exact: true }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const devices = page.getByRole("region", { name: "Devices" });
  await expect(devices).toBeVisible();
  return devices;
}

/** The phone's next request meets its ended sign-in: refused, refresh refused, signed out. */
async function expectSignedOut(phone: Page, apiUrl: string) {
  const traffic = watchApiTraffic(phone, apiUrl);
  await phone.reload();
  await expect(phone.getByRole("heading", { name: SIGN_UP_HEADING })).toBeVisible();
  expect(traffic.statuses("/auth/refresh")).toEqual([401]);
  expect(await storedTokens(phone)).toBeNull();
}

test("signing the phone out from the laptop's Settings ends its sign-in: its next refresh fails and it lands signed out", async ({
  page,
  browser,
  playwright,
  stack,
}) => {
  const person = newPerson("Two Devices");
  await signInThroughUi(page, person);
  const phone = await phoneSignedIn(browser, playwright.request, stack, person);
  try {
    const devices = await openDevices(page, person);
    const items = devices.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: "This device" })).toContainText("Chrome on Linux");
    const signOutPhone = devices.getByRole("button", { name: /^Sign out Safari on iPhone, / });
    await expect(signOutPhone).toBeVisible();
    // The Devices section alone: the whole Settings page is checked by calendar-feed.spec.ts.
    const scope = `[aria-labelledby="${await devices.getAttribute("aria-labelledby")}"]`;
    expect(await seriousViolations(page, scope)).toEqual([]);

    await signOutPhone.click();
    await expect(devices.getByRole("status").last()).toHaveText("Signed out Safari on iPhone.");
    await expect(items).toHaveCount(1);
    await expect(devices.getByText("No other device is signed in.")).toBeVisible();

    await expectSignedOut(phone.page, stack.apiUrl);

    // The laptop goes on: signed in after a reload, its list still this device alone.
    await page.reload();
    await expect(items).toHaveCount(1);
    await expect(items).toContainText("This device");
    await openDashboard(page);
  } finally {
    await phone.context.close();
  }
});

test("Sign out everywhere else ends every other sign-in and keeps this one", async ({
  page,
  browser,
  stack,
  playwright,
}) => {
  const person = newPerson("Many Devices");
  await signInThroughUi(page, person);
  const phone = await phoneSignedIn(browser, playwright.request, stack, person);
  // A third sign-in, over HTTP: a program whose User-Agent names no browser.
  const request = await playwright.request.newContext();
  try {
    const script = await signInOverHttp(request, stack, person);
    // On the phone, at 390 pixels: its own Settings says which device it is, and fits.
    const onPhone = await openDevices(phone.page, person);
    await expect(onPhone.getByRole("listitem").filter({ hasText: "This device" })).toContainText(
      "Safari on iPhone",
    );
    await expectNoSidewaysScroll(phone.page);

    const devices = await openDevices(page, person);
    await expect(devices.getByRole("listitem")).toHaveCount(3);
    await expect(devices.getByText("Unknown browser")).toBeVisible();

    await devices.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(devices.getByRole("status").last()).toHaveText("Signed out 2 other devices.");
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    await expect(devices.getByRole("listitem")).toContainText("This device");
    await expect(devices.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);

    await expectSignedOut(phone.page, stack.apiUrl);
    const refused = await request.post(`${stack.apiUrl}/auth/refresh`, {
      data: { refresh_token: script.refresh_token },
    });
    expect(refused.status()).toBe(401);

    await page.reload();
    await expect(devices.getByRole("listitem")).toHaveCount(1);
  } finally {
    await request.dispose();
    await phone.context.close();
  }
});
