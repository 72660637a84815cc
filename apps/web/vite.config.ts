// Vite for the web app: `vite` (development, hot reload), `vite build` (which writes the security
// headers into dist/_headers for the production server), and `vite preview`, which serves the
// production build with the security headers (decisions D3) for `pnpm start`.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { appEntryAtLowPriority, earlyRequestsScript, preconnectToApi } from "./early-start.ts";
import { headersFilePlugin, securityHeaders } from "./security-headers.ts";
import { parseEnv } from "./src/env-schema.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * CSS modules' class names as short as unique allows: "_4b", a mark for the file and one for the
 * class within it (base 36, in the order the build meets them), so no two classes meet.
 */
function scopedClassNames(base: string) {
  const files = new Map<string, Map<string, string>>();
  return (local: string, file: string): string => {
    const path = relative(base, file);
    let classes = files.get(path);
    if (classes === undefined) {
      classes = new Map([["", files.size.toString(36)]]);
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

export default defineConfig(({ mode }) => {
  const env = parseEnv(loadEnv(mode, root, "VITE_"));
  return {
    root,
    // src/early-requests-entry.ts runs before src/env.ts is loaded: it gets the validated value.
    define: { __LIFE_ADMIN_API_BASE_URL__: JSON.stringify(env.apiBaseUrl) },
    plugins: [
      react(),
      earlyRequestsScript(),
      preconnectToApi(env.apiOrigin),
      appEntryAtLowPriority(),
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
      // key (forms/kept-form-key.ts, asked by the dashboard and the sign-up page): 0.32 kB.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: "shared",
                test: /error-banner|list-checks|kept-form-key/,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
