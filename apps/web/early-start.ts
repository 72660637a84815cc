// issue 7: the first load, shortened (Lighthouse on a slow phone network counts every round
// trip). Vite plugins for the production build:
// - the API's origin is preconnected while the app's code downloads;
// - src/early-requests-entry.ts is a chunk of its own, loaded by the page's first script tag: on
//   /dashboard with a session it sends the dashboard's requests at once, and it asks for the code
//   of the page the app will show (listed here, in a JSON data block) instead of waiting for the
//   app to ask;
// - the app's own code is fetched at low priority: the first paint never waits for it;
// - a lazy chunk preloads no code that is there already.
// main.tsx imports the same module, so it runs once; in development main.tsx's import runs it.
import { fileURLToPath } from "node:url";
import type { Plugin, Rolldown } from "vite";
import { DASHBOARD_PATH, ROUTE_CODE_ID, SIGN_UP_PATH } from "./src/early-requests.ts";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const EARLY_CHUNK = "early-requests";
const EARLY_ENTRY = fileURLToPath(new URL("./src/early-requests-entry.ts", import.meta.url));
/** The route modules whose code the early script may ask for, by path (src/routes/app-routes.tsx). */
const ROUTE_MODULES: Record<string, string> = {
  [SIGN_UP_PATH]: "src/routes/sign-up-route.tsx",
  [DASHBOARD_PATH]: "src/routes/dashboard-route.tsx",
};

export function preconnectToApi(apiOrigin: string): Plugin {
  return {
    name: "preconnect-to-api",
    // `crossorigin`: the client's requests are CORS requests without cookies.
    transformIndexHtml: () => [
      {
        tag: "link",
        attrs: { rel: "preconnect", href: apiOrigin, crossorigin: "" },
        injectTo: "head-prepend",
      },
    ],
  };
}

const chunks = (bundle: OutputBundle) =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");

/** A chunk's files and those of its static imports, minus what the page's scripts load anyway. */
function codeOf(bundle: OutputBundle, root: OutputChunk, loaded: Set<string>) {
  const byName = new Map(chunks(bundle).map((chunk) => [chunk.fileName, chunk]));
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (loaded.has(chunk.fileName) || js.includes(chunk.fileName)) return;
    js.push(chunk.fileName);
    for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported !== undefined) visit(imported);
    }
  };
  visit(root);
  return { js: js.map((file) => `/${file}`), css: [...css].map((file) => `/${file}`) };
}

/** The files of `roots` and of everything they import statically: the code that runs with them. */
function codeWith(bundle: OutputBundle, roots: readonly OutputChunk[]): Set<string> {
  const files = new Set<string>();
  for (const root of roots) {
    for (const file of codeOf(bundle, root, new Set()).js) files.add(file.slice(1));
  }
  return files;
}

export function earlyRequestsScript(): Plugin {
  return {
    name: "early-requests-script",
    apply: "build",
    // A code-splitting group, not an entry of its own: as a second entry, which the app's entry
    // imports too, it came as two files, the second a line that imports the first (0.06 kB of
    // issue 7's budget).
    config: () => ({
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: EARLY_CHUNK, test: EARLY_ENTRY }] } },
        },
      },
    }),
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const all = chunks(bundle);
        const early = all.find((chunk) => chunk.moduleIds.includes(EARLY_ENTRY));
        if (early === undefined) throw new Error("the early-requests chunk was not built");
        // An import would have it wait for the app's code, which comes at low priority.
        if (early.imports.length > 0) throw new Error(`${early.fileName} imports other chunks`);
        // The entries and everything they import statically are loaded by the page anyway.
        const loaded = codeWith(
          bundle,
          all.filter((chunk) => chunk.isEntry),
        );
        const routeCode = Object.fromEntries(
          Object.entries(ROUTE_MODULES).map(([path, module]) => {
            const chunk = all.find((c) => c.facadeModuleId?.endsWith(module) === true);
            if (chunk === undefined) throw new Error(`no chunk for ${module}`);
            return [path, codeOf(bundle, chunk, loaded)];
          }),
        );
        return [
          {
            tag: "script",
            attrs: { type: "module", crossorigin: "", src: `/${early.fileName}` },
            injectTo: "head-prepend",
          },
          {
            // A data block: never executed, so the Content Security Policy has nothing to allow.
            tag: "script",
            attrs: { type: "application/json", id: ROUTE_CODE_ID },
            children: JSON.stringify(routeCode),
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * The app's entry is a module script, so it never holds up the first paint: that paint is
 * index.html's waiting state, which needs only the stylesheet. Chromium still fetches module
 * scripts at High priority, as it does scripts that block rendering (and Lighthouse's simulation
 * then counts its 100 kB as the first paint's); `fetchpriority="low"` says what the page needs
 * first. The scripts the early script needs, and the route's code it asks for, keep theirs.
 */
export function appEntryAtLowPriority(): Plugin {
  return {
    name: "app-entry-at-low-priority",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        // The chunk of index.html's own script.
        const entry = context.chunk;
        if (entry === undefined) throw new Error("index.html's script was not built");
        const tag = `<script type="module" crossorigin src="/${entry.fileName}">`;
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
        return html.replace(
          tag,
          `<script type="module" fetchpriority="low" crossorigin src="/${entry.fileName}">`,
        );
      },
    },
  };
}

/**
 * The files a lazy chunk has preloaded with it leave out the code already there when it is asked
 * for: the entries' (with their static imports) and that of the chunk that asks (with its own).
 * Each such file only had a modulepreload link added for a module already loaded, and its name
 * was bytes of the first download (0.02 kB of issue 7's budget). Stylesheets are not asked about
 * (Vite's preload skips those already linked); index.html's own links stay as Vite writes them.
 */
export function noPreloadOfLoadedCode(): Plugin {
  /** What the entries run (codeWith), and what each chunk runs with, by its file's name. */
  let entries = new Set<string>();
  const loadedWith = new Map<string, Set<string>>();
  const loaded = (host: string, file: string) =>
    entries.has(file) || loadedWith.get(host)?.has(file) === true;
  return {
    name: "no-preload-of-loaded-code",
    apply: "build",
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId, hostType }) =>
            hostType === "js" ? deps.filter((dep) => !loaded(hostId, dep)) : deps,
        },
      },
    }),
    // Before Vite's own generateBundle, which asks resolveDependencies.
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const all = chunks(bundle);
        entries = codeWith(
          bundle,
          all.filter((chunk) => chunk.isEntry),
        );
        loadedWith.clear();
        for (const chunk of all) loadedWith.set(chunk.fileName, codeWith(bundle, [chunk]));
      },
    },
  };
}
