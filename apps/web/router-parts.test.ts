// issue 7's budget: react-router's names move into the making of what they name, so that a part
// the app never renders can be left out of the build, and a part it renders keeps its name.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";
import { namesMovedIntoMaking } from "./router-parts";

const moved = (code: string) =>
  namesMovedIntoMaking(code, (text) => parseSync("module.js", text).program);

/** The top-level `X.displayName = "…"` statements of a module. */
const NAMING = /^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm;

describe("react-router's parts only when used (issue 7)", () => {
  it("moves a context's and a component's name into their making, marked pure", () => {
    const out = moved(
      [
        "const LocationContext = React.createContext(null);",
        'LocationContext.displayName = "Location";',
        "const Link = React2.forwardRef(function Link(props, ref) { return null; });",
        'Link.displayName = "Link";',
        "export { LocationContext, Link };",
      ].join("\n"),
    );
    expect(out).toContain(
      'const LocationContext = /* @__PURE__ */ Object.assign(/* @__PURE__ */ React.createContext(null), { displayName: "Location" });',
    );
    expect(out).toContain(
      'const Link = /* @__PURE__ */ Object.assign(/* @__PURE__ */ React2.forwardRef(function Link(props, ref) { return null; }), { displayName: "Link" });',
    );
    expect(out.match(NAMING)).toBeNull();
  });

  it("makes a named function a constant that keeps its name, and marks an unnamed context pure", () => {
    const out = moved(
      [
        "const OutletContext = React.createContext(null);",
        "function HistoryRouter({ history }) { return null; }",
        'HistoryRouter.displayName = "unstable_HistoryRouter";',
        "export { OutletContext, HistoryRouter };",
      ].join("\n"),
    );
    expect(out).toContain("const OutletContext = /* @__PURE__ */ React.createContext(null);");
    expect(out).toContain(
      'const HistoryRouter = /* @__PURE__ */ Object.assign(function HistoryRouter({ history }) { return null; }, { displayName: "unstable_HistoryRouter" });',
    );
  });

  it("stops the build when a name is given to what it cannot move", () => {
    expect(() => moved('const parts = {};\nparts.displayName = "Parts";')).toThrow(
      "react-router names what this plugin cannot move: parts",
    );
  });

  it("moves every name react-router gives in the modules the app builds, keeping each", () => {
    const require = createRequire(import.meta.url);
    const production = dirname(require.resolve("react-router"));
    for (const file of ["lib/context.js", "lib/dom/lib.js"]) {
      const code = readFileSync(join(production, file), "utf8");
      const names = code.match(NAMING) ?? [];
      expect(names.length).toBeGreaterThan(0);
      const out = moved(code);
      expect(out.match(NAMING)).toBeNull();
      for (const naming of names) {
        const name = /= ("[^"]*")/.exec(naming)?.[1] ?? "";
        expect(out).toContain(`{ displayName: ${name} })`);
      }
    }
  });
});
