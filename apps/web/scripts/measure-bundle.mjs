#!/usr/bin/env node
// Bytes of the production build, from its manifest (dist/.vite/manifest.json): for / and
// /dashboard, the JavaScript and CSS loaded before any interaction (the entry, its static imports,
// and the route's lazy chunk with its own static imports), and for the whole build everything it
// emits. Each file gzipped at zlib's default level, as a server would send it; kB = 1,000 bytes.
// issue 7's budget: at most 110 kB of JavaScript before /dashboard can be used. Bytes only, so the
// check is deterministic: the same build always gives the same figures.
//
//   node scripts/measure-bundle.mjs            # the table, after `vite build`
//   node scripts/measure-bundle.mjs --json     # the same figures, machine-readable
//   node scripts/measure-bundle.mjs --check    # and exit 1 above the budget (`pnpm test:bundle`)
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

/** The routes measured, by the module each one loads lazily. */
export const ROUTES = {
  "/": "src/routes/sign-up-route.tsx",
  "/dashboard": "src/routes/dashboard-route.tsx",
};
/** issue 7: the JavaScript /dashboard loads before any interaction, gzipped, in kB (1,000 bytes). */
export const BUDGET_KB = 110;

/**
 * @typedef {{ file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean;
 *   imports?: string[]; dynamicImports?: string[]; css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ files: string[]; bytes: number; gzip: number }} Sizes
 * @typedef {{ js: Sizes; css: Sizes }} Load
 * @typedef {{ routes: Record<string, Load>; everything: Load; budget: Budget }} Figures
 * @typedef {{ route: string; limitKb: number; gzip: number; within: boolean }} Budget
 */

/**
 * The files a route needs before it can render: the entries' and the route chunk's, with every
 * static import, each once, in load order. Dynamic imports (modals, forms) are left out.
 * @param {Manifest} manifest
 * @param {string} routeKey the route module's manifest key, e.g. "src/routes/dashboard-route.tsx"
 * @returns {{ js: string[]; css: string[] }}
 */
export function initialFiles(manifest, routeKey) {
  // Every entry the page's script tags load, with their static imports (the app's entry imports
  // the early requests' chunk of issue 7, which a script tag of its own also loads).
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  if (entryKeys.length === 0) throw new Error("The manifest has no entry chunk");
  if (manifest[routeKey] === undefined) throw new Error(`The manifest has no chunk ${routeKey}`);
  /** @type {string[]} */ const js = [];
  /** @type {string[]} */ const css = [];
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`The manifest has no chunk ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith(".js")) js.push(chunk.file);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
  };
  for (const key of entryKeys) visit(key);
  visit(routeKey);
  return { js, css };
}

/**
 * Every JavaScript and CSS file of the build, lazy chunks included, each once.
 * @param {Manifest} manifest
 * @returns {{ js: string[]; css: string[] }}
 */
export function allFiles(manifest) {
  const chunks = Object.values(manifest);
  const js = chunks.map((chunk) => chunk.file).filter((file) => file.endsWith(".js"));
  const css = chunks.flatMap((chunk) => chunk.css ?? []);
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

/**
 * @param {Manifest} manifest
 * @param {(file: string) => Uint8Array} read a file of the build by its manifest path
 * @returns {Figures}
 */
export function measure(manifest, read) {
  /** @param {string[]} files @returns {Sizes} */
  const sizes = (files) => {
    let bytes = 0;
    let gzip = 0;
    for (const file of files) {
      const content = read(file);
      bytes += content.length;
      gzip += gzipSync(content).length;
    }
    return { files, bytes, gzip };
  };
  /** @param {{ js: string[]; css: string[] }} files @returns {Load} */
  const load = ({ js, css }) => ({ js: sizes(js), css: sizes(css) });
  const routes = Object.fromEntries(
    Object.entries(ROUTES).map(([route, key]) => [route, load(initialFiles(manifest, key))]),
  );
  return {
    routes,
    everything: load(allFiles(manifest)),
    budget: budgetOf(routes["/dashboard"]?.js.gzip ?? Number.NaN),
  };
}

/**
 * issue 7's verdict on the gzipped JavaScript /dashboard loads first.
 * @param {number} gzip bytes
 * @returns {Budget}
 */
export function budgetOf(gzip) {
  return { route: "/dashboard", limitKb: BUDGET_KB, gzip, within: gzip <= BUDGET_KB * 1000 };
}

/** @param {number} bytes */
const kB = (bytes) => (bytes / 1000).toFixed(2);

/**
 * The figures as a Markdown table, with the budget's verdict.
 * @param {Figures} figures
 * @returns {string}
 */
export function formatFigures(figures) {
  /** @param {string} label @param {Load} load */
  const row = (label, load) =>
    `| ${label} | ${kB(load.js.gzip)} | ${kB(load.css.gzip)} | ${kB(load.js.bytes)} | ${kB(load.css.bytes)} |`;
  const { budget } = figures;
  const verdict = budget.within
    ? `within the budget: ${kB(budget.gzip)} kB of ${budget.limitKb} kB`
    : `OVER the budget by ${kB(budget.gzip - budget.limitKb * 1000)} kB: ` +
      `${kB(budget.gzip)} kB, the limit is ${budget.limitKb} kB`;
  return [
    "Production build, kB = 1,000 bytes (gzip as a server sends it; raw as on disk):",
    "",
    "| loaded | JS gzip | CSS gzip | JS raw | CSS raw |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...Object.entries(figures.routes).map(([route, load]) =>
      row(`${route} before any interaction`, load),
    ),
    row("everything the build emits", figures.everything),
    "",
    `JavaScript ${budget.route} loads first: ${verdict} (issue 7).`,
  ].join("\n");
}

function main() {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: join(dirname(fileURLToPath(import.meta.url)), "../dist") },
      json: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
    },
  });
  const manifestPath = join(values.dist, ".vite/manifest.json");
  if (!existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: run \`vite build\` (pnpm build) first.`);
    process.exitCode = 2;
    return;
  }
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const figures = measure(manifest, (file) => readFileSync(join(values.dist, file)));
  console.log(values.json ? JSON.stringify(figures, null, 2) : formatFigures(figures));
  if (values.check && !figures.budget.within) process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  main();
