// Life Admin can go on a phone's home screen as an app: Chromium reads the web app manifest the
// page links to without an error, its colours are the page's (light scheme), and every icon the
// manifest (or iOS's apple-touch-icon link) names is served as the image, at the size, it says.
// No service worker: the app promises no offline use. (Chromium's own installability check is not
// asked here: the headless shell the suite runs in answers no errors for any page, even a blank
// one. Debian's full chromium, in a profile of its own, answered none for this page.)
import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.js";

test.use({ storageState: { cookies: [], origins: [] } });

/** An icon as the manifest file says it (Chromium's parsed manifest leaves `purpose` out). */
interface DeclaredIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

async function openSignUpPage(page: Page): Promise<CDPSession> {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Get Started with us today!" })).toBeVisible();
  return page.context().newCDPSession(page);
}

/** Chromium's parsed colours are "rgba(63,81,214,1)"; the page's are "#3f51d6" or "rgb(…)". */
function rgba(colour: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  const channels = hex
    ? hex.slice(1).map((pair) => parseInt(pair, 16))
    : (/^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour)?.slice(1).map(Number) ?? []);
  return `rgba(${channels.join(",")},1)`;
}

/** A PNG's width, height and colour type, from its IHDR chunk (PNG spec 11.2.2). */
function pngHeader(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.toString("latin1", 12, 16)).toBe("IHDR");
  return {
    size: `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`,
    /** 2: RGB with no alpha channel, so every pixel is opaque; 6: RGBA. */
    colourType: bytes[25],
  };
}

test("Chromium reads the manifest without an error: the app's name, where it opens, standalone", async ({
  page,
  baseURL,
}) => {
  const cdp = await openSignUpPage(page);
  const { url, errors, manifest, data } = await cdp.send("Page.getAppManifest", {});
  expect(url).toBe(`${String(baseURL)}/manifest.webmanifest`);
  expect(errors).toEqual([]);
  expect(manifest).toMatchObject({
    name: "Life Admin",
    // Signed out, /dashboard sends the person to the sign-up page, and back once signed in.
    startUrl: `${String(baseURL)}/dashboard`,
    scope: `${String(baseURL)}/`,
    display: "kStandalone",
  });
  expect(manifest.description).toMatch(/tasks, recurring subscriptions and documents on one/);
  expect(manifest.icons?.map(({ url: src, sizes, type }) => ({ src, sizes, type }))).toEqual([
    { src: `${String(baseURL)}/icon-192.png`, sizes: "192x192", type: "image/png" },
    { src: `${String(baseURL)}/icon-512.png`, sizes: "512x512", type: "image/png" },
    { src: `${String(baseURL)}/icon-maskable-512.png`, sizes: "512x512", type: "image/png" },
    // "any" is a size of 0x0 to Chromium.
    { src: `${String(baseURL)}/favicon.svg`, sizes: "0x0", type: "image/svg+xml" },
  ]);
  // As written: Chromium's parsed manifest has no purpose (and, in Chromium 156, no shortName).
  const written = JSON.parse(data ?? "{}") as { short_name: string; icons: DeclaredIcon[] };
  expect(written.short_name).toBe("Life Admin");
  expect(written.icons.map((icon) => icon.purpose)).toEqual(["any", "any", "maskable", "any"]);

  // The manifest has one theme colour, the light scheme's: in the browser, index.html's
  // media-specific theme-color metas win (a dark system scheme gets the dark one).
  const lightTheme = await page
    .locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')
    .getAttribute("content");
  expect(manifest.themeColor).toBe(rgba(lightTheme ?? ""));
  const pageBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(manifest.backgroundColor).toBe(rgba(pageBackground));

  const served = await page.request.get(url);
  expect(served.headers()["content-type"]).toMatch(/^application\/manifest\+json\b/);
});

test("every icon is served as the image type and at the pixel size it is declared with", async ({
  page,
}) => {
  const cdp = await openSignUpPage(page);
  const { data } = await cdp.send("Page.getAppManifest", {});
  const { icons } = JSON.parse(data ?? "{}") as { icons: DeclaredIcon[] };
  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const declared: DeclaredIcon[] = [
    ...icons,
    // iOS's home screen icon: its own size, and opaque (iOS shows transparency as black).
    { src: appleTouchIcon ?? "", sizes: "180x180", type: "image/png", purpose: "apple" },
  ];

  for (const { src, sizes, type, purpose } of declared) {
    const response = await page.request.get(src);
    expect(response.status(), src).toBe(200);
    expect(response.headers()["content-type"], src).toBe(type);
    const bytes = await response.body();
    if (type === "image/svg+xml") {
      expect(sizes, src).toBe("any");
      expect(bytes.toString("utf8"), src).toMatch(/^<svg [^>]*viewBox="0 0 32 32"/);
      continue;
    }
    const header = pngHeader(bytes);
    expect(header.size, src).toBe(sizes);
    // A maskable icon's background is the whole square; the apple-touch-icon must be opaque.
    if (purpose === "maskable" || purpose === "apple") expect(header.colourType, src).toBe(2);
  }
});
