// Which Chromium the suite drives (../shared/toolchain.md: nothing may download a browser here).
// CHROMIUM_PATH when set; otherwise Debian's /usr/bin/chromium when it exists; otherwise the
// browser Playwright installed itself (a developer laptop). With none of them, the run stops with
// a message that says how to get one. The e2e suite prefers Debian's headless shell to all but
// CHROMIUM_PATH (`headlessShell`); the bench measures the whole browser a person runs.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's chromium-headless-shell: the same Chromium built as its old headless mode, without the
 * browser's own UI, which is what Playwright itself runs headless tests in. The e2e suite took
 * 2.7 minutes in it against 5.7 in /usr/bin/chromium, every test passing in both.
 */
export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Options that work for Debian's Chromium in a container (toolchain.md). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export class NoChromiumError extends Error {
  override name = "NoChromiumError";
}

const HOW_TO_GET_ONE =
  "Install one and run again: on Debian or Ubuntu `apt-get install -y chromium-headless-shell` " +
  "(the e2e suite) or `apt-get install -y chromium` (the bench too); elsewhere " +
  "`pnpm --filter @life-admin/e2e exec playwright install chromium`; or point CHROMIUM_PATH at a " +
  "Chromium or Chrome executable.";

/**
 * The executable to launch, or undefined for Playwright's own browser (which, headless, runs in
 * its own headless shell). With `headlessShell` (the e2e suite), Debian's headless shell comes
 * before its whole browser. Throws a NoChromiumError naming the way out when there is nothing to
 * launch.
 */
export function chromiumExecutable({ headlessShell = false } = {}): string | undefined {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new NoChromiumError(
      `CHROMIUM_PATH is ${configured}, which does not exist. ${HOW_TO_GET_ONE}`,
    );
  }
  const debian = headlessShell ? [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM] : [DEBIAN_CHROMIUM];
  const found = debian.find((path) => existsSync(path));
  if (found !== undefined) return found;
  if (existsSync(chromium.executablePath())) return undefined;
  throw new NoChromiumError(
    `No Chromium found (not at ${debian.join(" or ")}, and Playwright has not installed its own). ${HOW_TO_GET_ONE}`,
  );
}
