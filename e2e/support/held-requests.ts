// Holding a request to the API until the test lets it go (the real API then answers it), so that
// a waiting state the user sees for a moment can be looked at.
import type { BrowserContext, Page } from "@playwright/test";

/**
 * Holds requests matching `url` from now on (from one page, or from every page of a context);
 * call the returned function to let them go.
 */
export async function holdRequests(page: Page | BrowserContext, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
