// Where things are: the repository's products, and where a run's figures go.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const apiRoot = join(repoRoot, "apps", "api");
export const webRoot = join(repoRoot, "apps", "web");
export const benchRoot = join(repoRoot, "bench");
export const defaultJsonPath = join(benchRoot, "results", "latest.json");
export const benchmarksDoc = join(repoRoot, "BENCHMARKS.md");
