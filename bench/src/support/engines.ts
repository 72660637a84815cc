// The two databases a section measures the built API on: PGlite in a data directory of its own (as
// `pnpm start` runs it), and a private PostgreSQL with its default durability (fsync on) when its
// server binaries are on this machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBin, startPrivateCluster } from "@life-admin/reliability/private-postgres";
import type { BenchContext } from "../sections/section.js";

export type Engine = "PGlite" | "PostgreSQL";

/**
 * `measure` on PGlite, then on PostgreSQL, each given the API's database settings (DATA_DIR or
 * DATABASE_URL); the figures of each, and a note when PostgreSQL could not be measured. `name`
 * (e.g. "reading") names the data directory and the progress lines.
 */
export async function onEachEngine<Figures>(
  name: string,
  context: BenchContext,
  measure: (engine: Engine, env: Record<string, string>) => Promise<Figures>,
): Promise<{ figures: Figures[]; notes: string[] }> {
  const figures: Figures[] = [];
  const notes: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), `life-admin-bench-${name}-`));
  try {
    figures.push(await measure("PGlite", { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (postgresBin() === null) {
    notes.push("PostgreSQL was not measured: no server binaries (apt-get install postgresql).");
    return { figures, notes };
  }
  context.log(`${name}: starting a private PostgreSQL (fsync on)`);
  const cluster = await startPrivateCluster({ durable: true });
  try {
    figures.push(await measure("PostgreSQL", { DATABASE_URL: cluster.url }));
  } finally {
    await cluster.destroy().catch(() => undefined);
  }
  return { figures, notes };
}
