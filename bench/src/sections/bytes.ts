// Section 1: bytes. apps/web's own measurement (scripts/measure-bundle.mjs, which `pnpm test` also
// runs as the budget check) over the production build in apps/web/dist.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { outputOf } from "../support/child.js";
import { webRoot } from "../support/paths.js";
import { kB, type Section } from "./section.js";

interface Sizes {
  bytes: number;
  gzip: number;
}
interface Load {
  js: Sizes;
  css: Sizes;
}
interface BundleFigures {
  routes: Record<string, Load>;
  everything: Load;
  budget: { route: string; limitKb: number; gzip: number; within: boolean };
}

const script = join(webRoot, "scripts", "measure-bundle.mjs");

export const bytesSection: Section = {
  key: "bytes",
  title: "Bytes: the production web build",
  unavailable: () =>
    existsSync(join(webRoot, "dist", ".vite", "manifest.json"))
      ? null
      : "apps/web/dist is missing (turbo builds it before `pnpm bench`)",
  async run() {
    const figures = JSON.parse(
      await outputOf(process.execPath, [script, "--json"], { cwd: webRoot }),
    ) as BundleFigures;
    const kb = (bytes: number) => kB(bytes).toFixed(2);
    const row = (label: string, load: Load) => [
      label,
      kb(load.js.gzip),
      kb(load.css.gzip),
      kb(load.js.bytes),
      kb(load.css.bytes),
    ];
    const { budget } = figures;
    return {
      key: "bytes",
      title: this.title,
      howToRead:
        "kB of 1,000 bytes; gzip at zlib's default level, as a server sends each file; a route's " +
        "row counts the entry, the route's chunk and their static imports, loaded before any " +
        "interaction (modals and forms load when first opened).",
      columns: ["Loaded", "JS gzip kB", "CSS gzip kB", "JS raw kB", "CSS raw kB"],
      rows: [
        ...Object.entries(figures.routes).map(([route, load]) => row(`${route} first load`, load)),
        row("everything the build emits", figures.everything),
      ],
      notes: [],
      goals: [
        {
          what: `JavaScript ${budget.route} loads first (gzip)`,
          target: `<= ${budget.limitKb} kB`,
          actual: `${kB(budget.gzip).toFixed(2)} kB`,
          met: budget.within,
        },
      ],
      data: figures,
    };
  },
};
