// Where the package and the repository live on disk, found from this module rather than the
// working directory, so `pnpm start` from the root and `node dist/server.js` from anywhere agree.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** apps/api, whether this code runs from src/ (tsx, vitest) or from dist/ (the built server). */
export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
/** The monorepo root. */
export const repoRoot = resolve(packageRoot, "../..");
/** The committed SQL migrations. */
export const migrationsFolder = join(packageRoot, "drizzle");
