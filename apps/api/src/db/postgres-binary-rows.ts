// Rows from PostgreSQL in binary, for a stored file's encrypted bytes (db/files.ts).
// node-postgres reads bytea as hex text (4 MB for a 2 MB file, held as a string and parsed back),
// and its binary mode reads every value as UTF-8 text first, which garbles bytes. COPY in binary
// (pg-copy-streams) hands the bytes over as PostgreSQL sends them: 60 files of 2 MB read in
// 380 ms instead of 1,200-1,400 (issue 22's export).
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { releaseMemoryOf } from "../released-memory.js";
import { binaryColumns, withIdsWritten } from "./binary-rows.js";
import type { BinaryRows } from "./database.js";

/** "PGCOPY\n\xff\r\n\0", then 32-bit flags and the length of a header extension. */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const HEADER_BYTES = SIGNATURE.length + 8;
const END_OF_DATA = -1;

/** Where the tuple at `at` ends, or null when `bytes` do not hold all of it yet. */
function tupleEnd(bytes: Buffer, at: number): number | null {
  if (bytes.length < at + 2) return null;
  const count = bytes.readInt16BE(at);
  if (count === END_OF_DATA) return at + 2;
  let next = at + 2;
  for (let i = 0; i < count; i++) {
    if (bytes.length < next + 4) return null;
    next += 4 + Math.max(0, bytes.readInt32BE(next));
  }
  return bytes.length < next ? null : next;
}

/**
 * A binary COPY's output, fed as it comes: hands each whole tuple's columns to `onRow`. What a
 * chunk ends in the middle of (the header, or a tuple) is kept, and the next chunk copied after
 * it, in one buffer used again and again (grown when a tuple needs more), as onRow's contract
 * allows: nothing is allocated a chunk. Its memory is given back at the COPY's end (release).
 */
class CopyTupleReader {
  #kept = Buffer.alloc(0);
  #keptBytes = 0;
  #headerRead = false;
  #ended = false;

  constructor(private readonly onRow: (columns: Buffer[]) => void) {}

  feed(chunk: Buffer): void {
    let bytes = chunk;
    if (this.#keptBytes > 0) {
      this.#room(this.#keptBytes + chunk.length);
      chunk.copy(this.#kept, this.#keptBytes);
      bytes = this.#kept.subarray(0, this.#keptBytes + chunk.length);
    }
    let at = 0;
    if (!this.#headerRead && bytes.length >= HEADER_BYTES) {
      if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
        throw new Error("COPY did not answer in its binary format");
      }
      at = HEADER_BYTES + bytes.readInt32BE(SIGNATURE.length + 4);
      this.#headerRead = true;
    }
    while (this.#headerRead && !this.#ended) {
      const end = tupleEnd(bytes, at);
      if (end === null) break;
      if (bytes.readInt16BE(at) === END_OF_DATA) this.#ended = true;
      else this.onRow(binaryColumns(bytes, at));
      at = end;
    }
    const rest = this.#ended ? 0 : bytes.length - at;
    if (rest > 0 && bytes === chunk) {
      this.#room(rest);
      chunk.copy(this.#kept, 0, at);
    } else if (rest > 0) {
      this.#kept.copyWithin(0, at, bytes.length);
    }
    this.#keptBytes = rest;
  }

  /** Throws unless the COPY's output ended where it should. */
  finish(): void {
    if (!this.#ended || this.#keptBytes > 0) {
      throw new Error("COPY's binary output ended in the middle");
    }
  }

  /** Gives back the memory of the kept buffer: once the COPY has ended, or failed. */
  release(): void {
    releaseMemoryOf(this.#kept);
  }

  /** Grows the kept buffer to hold `bytes`, what it keeps copied over. */
  #room(bytes: number): void {
    if (this.#kept.length >= bytes) return;
    const grown = Buffer.allocUnsafe(Math.max(bytes, 2 * this.#kept.length));
    this.#kept.copy(grown, 0, 0, this.#keptBytes);
    this.#kept = grown;
  }
}

/**
 * `timeoutMs` is the pool's query timeout, which a COPY's stream does not get: past it the COPY
 * is given up with the error node-postgres gives a query (a 503, errors/database-errors.ts).
 */
export function postgresBinaryRows(pool: pg.Pool, timeoutMs: number): BinaryRows {
  return async (text, ids, onRow) => {
    const statement = `COPY (${withIdsWritten(text, ids)}) TO STDOUT (FORMAT binary)`;
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const copy = client.query(copyTo(statement));
      const timer = setTimeout(() => {
        copy.destroy(new Error(`Query read timeout: no whole answer in ${timeoutMs} ms`));
      }, timeoutMs);
      const reader = new CopyTupleReader(onRow);
      try {
        for await (const chunk of copy) reader.feed(chunk as Buffer);
      } finally {
        clearTimeout(timer);
        reader.release();
      }
      reader.finish();
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection whose COPY failed midway is closed rather than handed to the next query.
      client.release(failure);
    }
  };
}
