// A row of bytea columns from PostgreSQL as bytes, for a stored file's encrypted bytes (db/files.ts).
// node-postgres reads bytea as hex text (4 MB for a 2 MB file, held as a string and parsed back),
// and its binary mode reads every value as UTF-8 text first, which garbles bytes. COPY in binary
// (pg-copy-streams) hands the bytes over as PostgreSQL sends them: 60 files of 2 MB read in
// 380 ms instead of 1,200-1,400 (issue 22's export).
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { binaryColumns, idNumeral } from "./binary-rows.js";
import type { BinaryRow } from "./database.js";

/** "PGCOPY\n\xff\r\n\0", then 32-bit flags and the length of a header extension. */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const END_OF_DATA = -1;

/** The first tuple of a binary COPY's output as columns, or null when it has none. */
function firstCopyRow(copy: Buffer): Buffer[] | null {
  if (!copy.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error("COPY did not answer in its binary format");
  }
  const extension = copy.readInt32BE(SIGNATURE.length + 4);
  const first = SIGNATURE.length + 8 + extension;
  if (copy.readInt16BE(first) === END_OF_DATA) return null;
  return binaryColumns(copy, first);
}

/** `$1`, `$2`... of `text` as the ids' numerals (COPY takes no parameters). */
function withIdsWritten(text: string, ids: readonly number[]): string {
  const numerals = ids.map(idNumeral);
  return text.replaceAll(/\$(\d+)/g, (placeholder, n: string) => {
    const numeral = numerals[Number(n) - 1];
    if (numeral === undefined) throw new TypeError(`${placeholder} has no id`);
    return numeral;
  });
}

/**
 * `timeoutMs` is the pool's query timeout, which a COPY's stream does not get: past it the COPY
 * is given up with the error node-postgres gives a query (a 503, errors/database-errors.ts).
 */
export function postgresBinaryRow(pool: pg.Pool, timeoutMs: number): BinaryRow {
  return async (text, ids) => {
    const statement = `COPY (${withIdsWritten(text, ids)}) TO STDOUT (FORMAT binary)`;
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const copy = client.query(copyTo(statement));
      const timer = setTimeout(() => {
        copy.destroy(new Error(`Query read timeout: no whole answer in ${timeoutMs} ms`));
      }, timeoutMs);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of copy) chunks.push(chunk as Buffer);
      } finally {
        clearTimeout(timer);
      }
      return firstCopyRow(Buffer.concat(chunks));
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection whose COPY failed midway is closed rather than handed to the next query.
      client.release(failure);
    }
  };
}
