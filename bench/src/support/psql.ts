// SQL on a private cluster through psql (beside the server binaries, as pgbench is): the bench
// seeds thousands of people in one statement and reads the ledger back without a driver of its own.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { postgresBin } from "@life-admin/reliability/private-postgres";

const run = promisify(execFile);

/** Runs `sql` (one or more statements, in one transaction) and hands back the rows as psql -At prints them. */
export async function psql(url: string, sql: string): Promise<string[]> {
  const bin = postgresBin();
  if (bin === null) throw new Error("psql not found (apt-get install postgresql)");
  const { stdout } = await run(
    join(bin, "psql"),
    [url, "--no-psqlrc", "--set=ON_ERROR_STOP=1", "--tuples-only", "--no-align", "-c", sql],
    { maxBuffer: 16 * 2 ** 20 },
  );
  return stdout.split("\n").filter((line) => line !== "");
}
