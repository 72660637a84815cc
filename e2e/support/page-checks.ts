// Checks the e2e specs make of a whole page at every width: axe's serious and critical findings,
// and nothing wider than the window (issue 18, issue 19).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.js";

/**
 * axe's serious and critical findings on the page, or only within `within` (a CSS selector) when
 * a test is about one part of a page whose whole another test checks; described so that a
 * failure says what and where.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (within === undefined ? builder : builder.include(within)).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${String(violation.impact)}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

/** Nothing on the page (or in the open dialog) is wider than the window. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const open = page.getByRole("dialog");
  if ((await open.count()) === 0) return;
  const box = await open.last().boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(widths.viewport);
}
