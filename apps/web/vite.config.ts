// Vite for the web app: `vite` (development, hot reload), `vite build` (which writes the security
// headers into dist/_headers for the production server), and `vite preview`, which serves the
// production build with the security headers (decisions D3) for `pnpm start`.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import {
  appEntryAtLowPriority,
  earlyRequestsScript,
  noPreloadOfLoadedCode,
  preconnectToApi,
} from "./early-start.ts";
import { routerPartsOnlyWhenUsed } from "./router-parts.ts";
import { headersFilePlugin, securityHeaders } from "./security-headers.ts";
import { parseEnv } from "./src/env-schema.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Every CSS module the app's build can meet (its own and the ui package's), in a fixed order. */
function cssModules(base: string): string[] {
  return ["src", "../../packages/ui/src"]
    .flatMap((dir) =>
      readdirSync(join(base, dir), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".module.css"))
        .map((name) => relative(base, join(base, dir, name))),
    )
    .sort();
}

/**
 * CSS modules' class names as short as unique allows: "_4b", a mark for the file (base 36, by its
 * place among the app's CSS modules, sorted by path) and one for the class within it (in the order
 * the file gives them), so no two classes meet. The marks come from the sorted list, not from the
 * order the build meets the files, which changes from build to build: the same sources then gave
 * first downloads up to 23 bytes apart (issue 7's budget is checked to the byte).
 */
function scopedClassNames(base: string) {
  const marks = new Map(cssModules(base).map((path, index) => [path, index.toString(36)]));
  const files = new Map<string, Map<string, string>>();
  return (local: string, file: string): string => {
    const path = relative(base, file);
    let classes = files.get(path);
    if (classes === undefined) {
      // A module outside the list (none today) is marked after it.
      const mark = marks.get(path) ?? (marks.size + files.size).toString(36);
      classes = new Map([["", mark]]);
      files.set(path, classes);
    }
    let name = classes.get(local);
    if (name === undefined) {
      name = `_${classes.get("") ?? ""}_${(classes.size - 1).toString(36)}`;
      classes.set(local, name);
    }
    return name;
  };
}

/**
 * lucide-react gives each shape of an icon a random React key ("1ays0h"): letters no compressor
 * shrinks, 0.26 kB of the first download (issue 7's budget). Without keys, React tells siblings
 * apart by their place, which is what these keys come to: an icon's shapes never move. (Keyless
 * lists only warn in React's development build, which `vite build` does not use.)
 */
function iconShapesWithoutKeys(): Plugin {
  return {
    name: "icon-shapes-without-keys",
    apply: "build",
    transform: {
      filter: { id: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
      handler: (code) => ({ code: code.replaceAll(/, key: "\w+"/g, ""), map: null }),
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = parseEnv(loadEnv(mode, root, "VITE_"));
  return {
    root,
    // src/early-requests-entry.ts runs before src/env.ts is loaded: it gets the validated value.
    define: { __LIFE_ADMIN_API_BASE_URL__: JSON.stringify(env.apiBaseUrl) },
    plugins: [
      react(),
      iconShapesWithoutKeys(),
      routerPartsOnlyWhenUsed(),
      earlyRequestsScript(),
      preconnectToApi(env.apiOrigin),
      appEntryAtLowPriority(),
      noPreloadOfLoadedCode(),
      headersFilePlugin(env.apiOrigin),
    ],
    css: {
      modules: {
        // Class names as short as unique allows, "card_4": the class and its file's mark. Every
        // class of the first download is a string in its JavaScript (issue 7's budget), and a
        // hash's letters do not compress.
        generateScopedName: scopedClassNames(root),
      },
    },
    server: { host: "127.0.0.1", port: 5173, strictPort: true },
    preview: {
      host: "127.0.0.1",
      port: 5173,
      strictPort: true,
      headers: securityHeaders(env.apiOrigin),
    },
    build: {
      // scripts/measure-bundle.mjs reads which files each route loads from the manifest.
      manifest: true,
      target: "es2022",
      // Every browser of es2022 preloads modules itself: the polyfill was 0.2 kB of the first
      // download (issue 7's budget).
      modulePreload: { polyfill: false },
      // The error banner and the logo's icon are shared by the dashboard, the sign-up page and the
      // dialogs: left to itself the bundler gives each a file of its own in the first download;
      // one file for both is 0.12 kB less of it (issue 7's budget). The same for the kept form's
      // key (forms/kept-form-key.ts, asked by the dashboard and the sign-up page): 0.32 kB; and for
      // the pages' title and heading focus (routes/page-arrival.ts, asked by every page): 0.1 kB.
      // (early-start.ts adds the early requests' group.)
      rolldownOptions: {
        output: {
          // Six characters of hash, not eight: still one chance in 68 billion that a changed file
          // keeps its name (36 bits), and the first download names some 50 files (0.1 kB of issue
          // 7's budget).
          entryFileNames: "assets/[name]-[hash:6].js",
          chunkFileNames: "assets/[name]-[hash:6].js",
          assetFileNames: "assets/[name]-[hash:6][extname]",
          codeSplitting: {
            groups: [
              {
                name: "shared",
                test: /error-banner|list-checks|kept-form-key|page-arrival/,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
