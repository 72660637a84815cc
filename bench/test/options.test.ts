import { describe, expect, it } from "vitest";
import { parseOptions, SECTION_KEYS } from "../src/options.js";

describe("pnpm bench's options", () => {
  it("runs every section, 3 rounds of 5 s, by default", () => {
    expect(parseOptions([], "/out.json")).toEqual({
      sections: [...SECTION_KEYS],
      rounds: 3,
      duration: 5,
      out: "/out.json",
      updateDoc: false,
      compareNode: null,
    });
  });

  it("takes sections in the report's order, whatever order they are given in", () => {
    const options = parseOptions(["--", "--section", "scale", "--section", "bytes"], "/o");
    expect(options.sections).toEqual(["bytes", "scale"]);
  });

  it("takes a second Node binary for the runtimes section", () => {
    expect(parseOptions(["--compare-node", "/usr/bin/node"], "/o").compareNode).toBe(
      "/usr/bin/node",
    );
  });

  it("refuses an unknown section and a round count that is not a positive whole number", () => {
    expect(() => parseOptions(["--section", "speed"], "/o")).toThrow("unknown --section speed");
    expect(() => parseOptions(["--rounds", "0"], "/o")).toThrow("--rounds must be");
    expect(() => parseOptions(["--duration", "2.5"], "/o")).toThrow("--duration must be");
  });
});
