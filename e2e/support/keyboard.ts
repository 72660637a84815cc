// Moving around by keyboard alone, as a person who cannot use a pointer does.
import { type Locator, type Page, expect } from "@playwright/test";

/**
 * Presses Tab until `target` has focus; fails when it is not reached within `limit` presses
 * (so unreachable controls are found, not skipped).
 */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `not reached with ${String(limit)} presses of Tab`).toBeFocused({
    timeout: 1,
  });
}

/** Types into the focused control, then moves on with Tab. */
export async function typeAndTab(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
}
