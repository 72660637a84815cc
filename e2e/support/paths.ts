// Where the products under test live in the repository (the e2e workspace drives them from
// outside, as built: apps/api/dist and a production build of apps/web).
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const apiRoot = join(repoRoot, "apps", "api");
export const webRoot = join(repoRoot, "apps", "web");

/** The web app's own Vite, to build and preview it as its package does. */
export const webVite = join(webRoot, "node_modules", "vite", "bin", "vite.js");
