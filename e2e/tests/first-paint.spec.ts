// Issue 7: the served page paints the app's waiting state before any script runs (index.html),
// in LoadingScreen's look; once the app starts, the page it is on takes its place. The first
// paint waits only for the stylesheet, and the page's own code is asked for by the early script.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.js";
import { holdRequests } from "../support/held-requests.js";

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

test.describe("what the first paint waits for", () => {
  /** The served page's scripts and stylesheet, by role: the early script comes first. */
  async function servedAssets(page: Page) {
    const html = await (await page.request.get("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const scripts = [...head.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map(
      (m) => m[1],
    );
    const stylesheet = /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(head)?.[1];
    const routeCode = /<script type="application\/json" id="route-code">([^<]+)</.exec(head)?.[1];
    expect(scripts).toHaveLength(2);
    return {
      early: scripts[0] ?? "",
      app: scripts[1] ?? "",
      stylesheet: stylesheet ?? "",
      routeCode: JSON.parse(routeCode ?? "{}") as Record<string, { js: string[]; css: string[] }>,
    };
  }

  test("Chromium fetches the stylesheet first and the app's code at low priority", async ({
    page,
  }) => {
    const assets = await servedAssets(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      priorities.set(new URL(request.url).pathname, request.initialPriority);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
    expect(priorities.get(assets.stylesheet)).toBe("VeryHigh");
    expect(priorities.get(assets.early)).toBe("High");
    expect(priorities.get(assets.app)).toBe("Low");
  });

  for (const { page: path, signedIn, shown } of [
    { page: "/", signedIn: false, shown: "/" },
    { page: "/", signedIn: true, shown: "/dashboard" },
  ]) {
    test(`at ${path} ${signedIn ? "with" : "without"} a session, the code of ${shown} is asked for before the app's has arrived`, async ({
      browser,
      account,
      stack,
    }) => {
      const context = await browser.newContext({
        baseURL: stack.webUrl,
        storageState: signedIn ? account.storageState : { cookies: [], origins: [] },
      });
      try {
        const page = await context.newPage();
        const assets = await servedAssets(page);
        const code = assets.routeCode[shown];
        expect(code?.js.length).toBeGreaterThan(0);
        const requested: string[] = [];
        page.on("request", (request) => requested.push(new URL(request.url()).pathname));
        const release = await holdRequests(page, `**${assets.app}`);
        await page.goto(path, { waitUntil: "commit" });
        await expect
          .poll(() =>
            [...(code?.js ?? []), ...(code?.css ?? [])].filter((f) => !requested.includes(f)),
          )
          .toEqual([]);
        // The app's code is still held: only the early script has asked.
        await expect(page.getByText("Loading...")).toBeVisible();
        release();
        await expect(page).toHaveURL(new RegExp(`${shown}$`));
      } finally {
        await context.close();
      }
    });
  }
});
