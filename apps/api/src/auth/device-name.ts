// Issue 22: what Settings calls a signed-in device, "Chrome on Linux", from the User-Agent of the
// browser that exchanged its sign-in code. Only these few words are kept, never the header itself
// (it says more about a person than a list of their devices needs). Parsed by bowser (MIT, no
// dependencies). A name is kept only when it is on bowser's own lists of browsers and systems:
// for a header it does not know, bowser names the browser after the header's first word
// ("Playwright/1.65"), which could be anything a program chose to send.
import Bowser from "bowser";

/** A longer header is cut before it is parsed: no browser's comes near it. */
const MAX_USER_AGENT_LENGTH = 512;

/** Apple's devices by model (bowser says "iOS" for both); every other device by its system. */
const APPLE_MODELS = new Set(["iPhone", "iPad", "iPod"]);
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
KNOWN_BROWSERS.delete("Generic");
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

/** `name` if it is on `known`, else "". */
const knownOr = (known: ReadonlySet<string>, name: string | undefined): string =>
  name !== undefined && known.has(name) ? name : "";

/** "Chrome on Linux", "Safari on iPhone", "Firefox", "A browser on Android"; null when unknown. */
export function deviceName(userAgent: string | undefined): string | null {
  const header = userAgent?.trim().slice(0, MAX_USER_AGENT_LENGTH) ?? "";
  if (header === "") return null;
  const parser = Bowser.getParser(header);
  const browser = knownOr(KNOWN_BROWSERS, parser.getBrowserName());
  const { model, vendor } = parser.getPlatform();
  const system =
    vendor === "Apple" && model !== undefined && APPLE_MODELS.has(model)
      ? model
      : knownOr(KNOWN_SYSTEMS, parser.getOSName());
  if (browser === "" && system === "") return null;
  if (system === "") return browser;
  return `${browser === "" ? "A browser" : browser} on ${system}`;
}
