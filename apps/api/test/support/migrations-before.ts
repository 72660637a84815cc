// The committed migrations as they were before one of them: a copy of the folder whose journal
// stops before the migration tagged `prefix`, for a test that builds the older database first.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsFolder } from "../../src/paths.js";

interface Journal {
  entries: { tag: string }[];
}

export interface OlderMigrations {
  folder: string;
  remove(): void;
}

/** The migrations before the one whose tag starts with `prefix` ("0005_"). */
export function migrationsBefore(prefix: string): OlderMigrations {
  const folder = mkdtempSync(join(tmpdir(), "life-admin-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith(prefix));
  if (at <= 0) throw new Error(`no migration ${prefix} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return {
    folder,
    remove() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
