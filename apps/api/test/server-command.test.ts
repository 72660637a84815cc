import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/paths.js";
import { SERVER_NODE_FLAGS, serverArgs, serverScript } from "../src/server-command.js";

describe("how the built server is started", () => {
  it("is the same for `pnpm start` as for the scripts and suites that start it", () => {
    const pkg = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} dist/server.js`);
    expect(serverScript).toBe(join(packageRoot, "dist", "server.js"));
  });

  it("puts what a caller preloads after the flags and before the script", () => {
    expect(serverArgs(["--expose-gc"])).toEqual([
      ...SERVER_NODE_FLAGS,
      "--expose-gc",
      serverScript,
    ]);
  });
});
