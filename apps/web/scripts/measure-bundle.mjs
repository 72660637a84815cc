#!/usr/bin/env node
// The JavaScript a route downloads before any interaction, from the production build's manifest
// (dist/.vite/manifest.json): the entry, its static imports, and the route's lazy chunk with its
// own static imports, each gzipped (zlib's default level, as a server would send it). CSS is
// listed apart; it is not part of the JavaScript budget (issue 7: 110 kB for /dashboard).
//
//   node scripts/measure-bundle.mjs                    # /dashboard, after `vite build`
//   node scripts/measure-bundle.mjs --route src/routes/sign-up-route.tsx
//   node scripts/measure-bundle.mjs --json             # machine-readable
//   node scripts/measure-bundle.mjs --check            # exit 1 above the budget
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

export const DASHBOARD_ROUTE = "src/routes/dashboard-route.tsx";
/** issue 7: the JavaScript /dashboard loads before any interaction, gzipped, in kB (1,000 bytes). */
export const BUDGET_KB = 110;

/**
 * @typedef {{ file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean;
 *   imports?: string[]; dynamicImports?: string[]; css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/**
 * The files a route needs before it can render: the entry's and the route chunk's, with every
 * static import, each once, in load order. Dynamic imports (modals, forms) are left out.
 * @param {Manifest} manifest
 * @param {string} routeKey the route module's manifest key, e.g. "src/routes/dashboard-route.tsx"
 * @returns {{ js: string[]; css: string[] }}
 */
export function initialFiles(manifest, routeKey) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entryKey === undefined) throw new Error("The manifest has no entry chunk");
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
  visit(entryKey);
  visit(routeKey);
  return { js, css };
}

/**
 * @param {string} distDir
 * @param {string[]} files
 */
function sizes(distDir, files) {
  return files.map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzip: gzipSync(content).length };
  });
}

/** @param {number} bytes */
const kB = (bytes) => (bytes / 1000).toFixed(2);

function main() {
  const { values } = parseArgs({
    options: {
      route: { type: "string", default: DASHBOARD_ROUTE },
      dist: { type: "string", default: join(dirname(fileURLToPath(import.meta.url)), "../dist") },
      json: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
    },
  });
  const manifestPath = join(values.dist, ".vite/manifest.json");
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const { js, css } = initialFiles(manifest, values.route);
  const scripts = sizes(values.dist, js);
  const sheets = sizes(values.dist, css);
  const total = scripts.reduce((sum, entry) => sum + entry.gzip, 0);
  const withinBudget = total <= BUDGET_KB * 1000;

  if (values.json) {
    console.log(
      JSON.stringify(
        {
          route: values.route,
          scripts,
          sheets,
          totalGzip: total,
          budgetKb: BUDGET_KB,
          withinBudget,
        },
        null,
        2,
      ),
    );
  } else {
    console.log(`JavaScript loaded first by ${values.route} (gzip, kB = 1,000 bytes):`);
    for (const entry of scripts)
      console.log(`  ${kB(entry.gzip).padStart(7)}  ${entry.file} (${kB(entry.bytes)} raw)`);
    console.log(
      `  ${kB(total).padStart(7)}  total JavaScript (budget ${BUDGET_KB} kB: ${withinBudget ? "within" : "OVER"})`,
    );
    const cssTotal = sheets.reduce((sum, entry) => sum + entry.gzip, 0);
    console.log(
      `  ${kB(cssTotal).padStart(7)}  CSS alongside (${sheets.length} files, not in the budget)`,
    );
  }
  if (values.check && !withinBudget) process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  main();
