// The Chromium the bench drives: the e2e suite's choice (CHROMIUM_PATH, Debian's, or Playwright's
// own), so that the bench and the tests measure the same browser.
import { CHROMIUM_ARGS, chromiumExecutable } from "@life-admin/e2e/chromium";
import { chromium } from "@playwright/test";

export { CHROMIUM_ARGS };

/** The browser's executable path (Lighthouse's launcher needs one even for Playwright's own). */
export function browserExecutable(): string {
  return chromiumExecutable() ?? chromium.executablePath();
}

/** Why no browser can be launched here (how to get one), or null when one can. */
export function browserUnavailable(): string | null {
  try {
    browserExecutable();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
