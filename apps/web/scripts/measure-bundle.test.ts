// The bundle measurement follows the manifest: the entry and the route with their static imports,
// never the lazy chunks; "everything" is every file the build emits. The budget is bytes only.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { allFiles, budgetOf, formatFigures, initialFiles, measure } from "./measure-bundle.mjs";

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
  "src/forms/add-item-dialog.tsx": {
    file: "assets/add-item-dialog.js",
    isDynamicEntry: true,
    css: ["assets/card.css", "assets/add-item-dialog.css"],
  },
};

/** A file's content: its own name repeated, so that every file has a different size. */
const read = (file: string) => new TextEncoder().encode(file.repeat(file.length));
const gzipOf = (files: string[]) => files.reduce((sum, f) => sum + gzipSync(read(f)).length, 0);

describe("initialFiles", () => {
  it("takes the entry, the route and their static imports once each, and no lazy chunk", () => {
    expect(initialFiles(manifest, "src/routes/dashboard-route.tsx")).toEqual({
      js: ["assets/shared.js", "assets/index.js", "assets/card.js", "assets/dashboard-route.js"],
      css: ["assets/index.css", "assets/card.css", "assets/dashboard-route.css"],
    });
  });

  it("takes every entry the page loads, each chunk once", () => {
    const twoEntries = {
      ...manifest,
      "src/early.ts": { file: "assets/early.js", isEntry: true, imports: ["_shared.js"] },
    };
    expect(initialFiles(twoEntries, "src/routes/sign-up-route.tsx").js).toEqual([
      "assets/shared.js",
      "assets/index.js",
      "assets/early.js",
      "assets/sign-up-route.js",
    ]);
  });

  it("refuses a route the build does not have", () => {
    expect(() => initialFiles(manifest, "src/routes/missing.tsx")).toThrow(/no chunk/);
  });
});

describe("allFiles", () => {
  it("takes every JavaScript and CSS file of the build once, lazy chunks included", () => {
    const { js, css } = allFiles(manifest);
    expect(js.sort()).toEqual([
      "assets/add-item-dialog.js",
      "assets/card.js",
      "assets/dashboard-route.js",
      "assets/index.js",
      "assets/shared.js",
      "assets/sign-up-route.js",
    ]);
    expect(css.sort()).toEqual([
      "assets/add-item-dialog.css",
      "assets/card.css",
      "assets/dashboard-route.css",
      "assets/index.css",
    ]);
  });
});

describe("measure", () => {
  it("adds up the gzipped and raw bytes of / and /dashboard and of everything", () => {
    const figures = measure(manifest, read);
    const dashboard = initialFiles(manifest, "src/routes/dashboard-route.tsx");
    expect(figures.routes["/dashboard"]?.js.gzip).toBe(gzipOf(dashboard.js));
    expect(figures.routes["/dashboard"]?.css.gzip).toBe(gzipOf(dashboard.css));
    expect(figures.routes["/"]?.js.files).toEqual([
      "assets/shared.js",
      "assets/index.js",
      "assets/sign-up-route.js",
    ]);
    expect(figures.everything.js.bytes).toBe(
      allFiles(manifest).js.reduce((sum, f) => sum + read(f).length, 0),
    );
    expect(figures.budget).toEqual(budgetOf(gzipOf(dashboard.js)));
  });
});

describe("the budget", () => {
  it("allows exactly 110 kB of JavaScript for /dashboard and not one byte more", () => {
    expect(budgetOf(110_000).within).toBe(true);
    expect(budgetOf(110_001).within).toBe(false);
  });

  it("says by how much a build is over, with the figures", () => {
    const figures = { ...measure(manifest, read), budget: budgetOf(123_530) };
    expect(formatFigures(figures)).toContain(
      "OVER the budget by 13.53 kB: 123.53 kB, the limit is 110 kB",
    );
    expect(formatFigures(figures)).toMatch(/\| \/dashboard before any interaction \| \d+\.\d\d \|/);
  });
});
