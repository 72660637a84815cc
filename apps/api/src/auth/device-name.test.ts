import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name.js";

const USER_AGENTS = {
  chromeLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headlessChromium:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  firefoxWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

describe("deviceName", () => {
  it.each([
    ["chromeLinux", "Chrome on Linux"],
    ["headlessChromium", "Chrome on Linux"],
    ["firefoxWindows", "Firefox on Windows"],
    ["safariIphone", "Safari on iPhone"],
    ["safariIpad", "Safari on iPad"],
    ["chromeIphone", "Chrome on iPhone"],
    ["safariMac", "Safari on macOS"],
    ["edgeWindows", "Microsoft Edge on Windows"],
    ["chromeAndroid", "Chrome on Android"],
  ] as const)("names %s as %j", (agent, name) => {
    expect(deviceName(USER_AGENTS[agent])).toBe(name);
  });

  it("is null without a User-Agent, or with one that names no browser and no system", () => {
    for (const header of [
      undefined,
      "",
      "   ",
      "curl/8.5.0",
      "node",
      "<script>alert(1)</script>",
      "Playwright/1.65.1 (x64; debian 12) node/24.11",
      "secret-tracking-id-123/1.0 (anything at all)",
    ]) {
      expect(deviceName(header)).toBeNull();
    }
  });

  it("repeats nothing of the header beyond the browser's and the system's names", () => {
    const header = `${USER_AGENTS.chromeLinux} secret-tracking-id-123 ${"x".repeat(20_000)}`;
    const name = deviceName(header);
    expect(name).toBe("Chrome on Linux");
  });

  it("never keeps an Android phone's model (bowser reads it from the header)", () => {
    const header =
      "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    expect(deviceName(header)).toBe("Chrome on Android");
  });
});
