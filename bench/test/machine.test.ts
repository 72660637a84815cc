import { afterEach, describe, expect, it } from "vitest";
import { describeMachine } from "../src/machine.js";

describe("the machine a report names", () => {
  const configured = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (configured === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = configured;
  });

  it("says there is no Chromium instead of stopping the run, which its other sections need not", () => {
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    const machine = describeMachine();
    expect(machine.chromium).toBe("not found");
    expect(machine.node).toBe(process.version);
  });
});
