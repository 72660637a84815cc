// The database's own time to hand over a person's stored files one after another, each by the
// statement the export reads a file's bytes with (apps/api's db/stored-bytes-query.ts), through
// psql's \copy into /dev/null: what the export's time on PostgreSQL stands on, beside zip's.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { withIdsWritten } from "@life-admin/api/binary-rows";
import { STORED_BYTES_QUERY } from "@life-admin/api/stored-bytes-query";
import { postgresBin } from "@life-admin/reliability/private-postgres";
import { psql } from "./psql.js";

const run = promisify(execFile);

/** psql's script that reads each file's stored bytes in binary, as the export does, and drops them. */
export function fileReadsScript(fileIds: readonly number[]): string {
  return fileIds
    .map(
      (id) =>
        `\\copy (${withIdsWritten(STORED_BYTES_QUERY, [id])}) to '/dev/null' (format binary)\n`,
    )
    .join("");
}

/** Seconds the database takes to hand over every stored file, one after another, in id order. */
export async function timedFileReads(url: string): Promise<number> {
  const bin = postgresBin();
  if (bin === null) throw new Error("psql not found (apt-get install postgresql)");
  const ids = (await psql(url, "select file_id from file_contents order by file_id")).map(Number);
  if (ids.length === 0) throw new Error("no stored file to read");
  const dir = mkdtempSync(join(tmpdir(), "life-admin-file-reads-"));
  try {
    const script = join(dir, "reads.sql");
    writeFileSync(script, fileReadsScript(ids));
    const started = performance.now();
    await run(join(bin, "psql"), [url, "--no-psqlrc", "--set=ON_ERROR_STOP=1", "-q", "-f", script]);
    return (performance.now() - started) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
