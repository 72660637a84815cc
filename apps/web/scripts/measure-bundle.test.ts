// The bundle measurement follows the manifest: the entry and the route with their static imports,
// never the lazy chunks.
import { describe, expect, it } from "vitest";
import { initialFiles } from "./measure-bundle.mjs";

const manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_shared.js"],
    dynamicImports: ["src/routes/dashboard-route.tsx", "src/routes/sign-up-route.tsx"],
    css: ["assets/index.css"],
  },
  "_shared.js": { file: "assets/shared.js", imports: ["index.html"] },
  "src/routes/dashboard-route.tsx": {
    file: "assets/dashboard-route.js",
    isDynamicEntry: true,
    imports: ["index.html", "_card.js"],
    dynamicImports: ["src/forms/add-item-dialog.tsx"],
    css: ["assets/dashboard-route.css"],
  },
  "_card.js": { file: "assets/card.js", imports: ["_shared.js"], css: ["assets/card.css"] },
  "src/routes/sign-up-route.tsx": { file: "assets/sign-up-route.js", isDynamicEntry: true },
  "src/forms/add-item-dialog.tsx": { file: "assets/add-item-dialog.js", isDynamicEntry: true },
};

describe("initialFiles", () => {
  it("takes the entry, the route and their static imports once each, and no lazy chunk", () => {
    expect(initialFiles(manifest, "src/routes/dashboard-route.tsx")).toEqual({
      js: ["assets/shared.js", "assets/index.js", "assets/card.js", "assets/dashboard-route.js"],
      css: ["assets/index.css", "assets/card.css", "assets/dashboard-route.css"],
    });
  });

  it("refuses a route the build does not have", () => {
    expect(() => initialFiles(manifest, "src/routes/missing.tsx")).toThrow(/no chunk/);
  });
});
