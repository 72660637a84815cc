// The end-to-end suite (issue 6): the real API on a fresh temporary database and the production
// build of the web app, both started by global-setup on free loopback ports, driven in Chromium.
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./support/chromium.js";

const executablePath = chromiumExecutable({ headlessShell: true });

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./support/global-setup.ts",
  fullyParallel: true,
  // The machine has two cores (toolchain.md); each test is independent of the others.
  workers: 2,
  // A failure is a finding, not noise: nothing is retried.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    browserName: "chromium",
    launchOptions: {
      ...(executablePath === undefined ? {} : { executablePath }),
      args: CHROMIUM_ARGS,
    },
    locale: "en-US",
    timezoneId: "UTC",
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
    // No traces: recording one for every test, to keep those of the failures, made the suite
    // 11-15% slower (four files, 26 tests: 95-100 s without, 112 s with), and CI's machine goes
    // with its files. To see a failure step by step: `-- --trace=retain-on-failure` (README).
    trace: "off",
    screenshot: "only-on-failure",
    video: "off",
  },
});
