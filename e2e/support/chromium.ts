// Which Chromium the suite drives (../shared/toolchain.md: nothing may download a browser here).
// CHROMIUM_PATH when set; otherwise Debian's /usr/bin/chromium when it exists; otherwise the
// browser Playwright installed itself (a developer laptop). With none of them, the run stops with
// a message that says how to get one.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

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
  "Install one and run again: on Debian or Ubuntu `apt-get install -y chromium`; elsewhere " +
  "`pnpm --filter @life-admin/e2e exec playwright install chromium`; or point CHROMIUM_PATH at a " +
  "Chromium or Chrome executable.";

/**
 * The executable to launch, or undefined for Playwright's own browser. Throws a NoChromiumError
 * naming the way out when there is nothing to launch.
 */
export function chromiumExecutable(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
  playwrightOwn: () => string = () => chromium.executablePath(),
): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (exists(configured)) return configured;
    throw new NoChromiumError(
      `CHROMIUM_PATH is ${configured}, which does not exist. ${HOW_TO_GET_ONE}`,
    );
  }
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (exists(playwrightOwn())) return undefined;
  throw new NoChromiumError(
    `No Chromium found (not at ${DEBIAN_CHROMIUM}, and Playwright has not installed its own). ${HOW_TO_GET_ONE}`,
  );
}
