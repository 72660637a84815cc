// Rows from PGlite in binary, for a stored file's encrypted bytes (db/files.ts).
// PGlite's queries answer bytea as text ("\x" and hex): PostgreSQL in WebAssembly writes 4 MB of
// hex for a 2 MB file, PGlite decodes it into a 4 MB string, which is parsed back into bytes. On
// the API's one thread that took about 11 ms a 2 MB file and much of the garbage collector's time
// (issue 22's export bench). Here the extended protocol asks for the columns in binary, and the
// answer is read as it leaves the database, each row's bytes copied once.
import { type PGlite, protocol } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { releaseMemoryOf } from "../released-memory.js";
import { binaryColumns, idNumeral } from "./binary-rows.js";
import type { BinaryRows } from "./database.js";

const HEADER_BYTES = 5;
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The backend's messages, fed as they come: hands each DataRow's columns to `onRow` and keeps the
 * first ErrorResponse; skips every other message (ParseComplete, CommandComplete, ReadyForQuery,
 * ...). Every row is read into the same buffer (grown when a row needs more), as onRow's contract
 * allows, and its memory is given back at the statement's end (release): left to V8, a buffer a
 * file read would add to what makes it collect its whole heap (released-memory.ts).
 */
class RowReader {
  readonly #header = Buffer.alloc(HEADER_BYTES);
  #rows = Buffer.alloc(0);
  #headerFilled = 0;
  #kept: Buffer | null = null;
  #type = 0;
  #left = 0;
  #filled = 0;
  error: Buffer | null = null;
  /** What onRow threw: no row is handed on after it, and the statement's end rethrows it. */
  failure: Error | null = null;

  constructor(private readonly onRow: (columns: Buffer[]) => void) {}

  feed(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#headerFilled < HEADER_BYTES) {
        const taken = Math.min(HEADER_BYTES - this.#headerFilled, chunk.length - at);
        this.#header.set(chunk.subarray(at, at + taken), this.#headerFilled);
        this.#headerFilled += taken;
        at += taken;
        if (this.#headerFilled === HEADER_BYTES) this.#begin();
        continue;
      }
      const taken = Math.min(this.#left, chunk.length - at);
      this.#kept?.set(chunk.subarray(at, at + taken), this.#filled);
      this.#filled += taken;
      this.#left -= taken;
      at += taken;
      if (this.#left === 0) this.#end();
    }
  }

  #begin(): void {
    this.#type = this.#header[0] ?? 0;
    this.#left = this.#header.readUInt32BE(1) - 4;
    this.#filled = 0;
    if (this.#type === DATA_ROW) {
      if (this.#rows.length < this.#left) this.#rows = Buffer.allocUnsafe(this.#left);
      this.#kept = this.#rows.subarray(0, this.#left);
    } else {
      const wanted = this.#type === ERROR_RESPONSE && this.error === null;
      this.#kept = wanted ? Buffer.allocUnsafe(this.#left) : null;
    }
    if (this.#left === 0) this.#end();
  }

  #end(): void {
    // After an error, the statement's rows are no answer.
    if (this.#kept !== null && this.error === null && this.failure === null) {
      if (this.#type === DATA_ROW) this.#handOn(this.#kept);
      else this.error = Buffer.concat([this.#header, this.#kept]);
    }
    this.#kept = null;
    this.#headerFilled = 0;
  }

  /** Gives back the memory of the rows' buffer: once the statement is answered. */
  release(): void {
    releaseMemoryOf(this.#rows);
  }

  /** Thrown here, onRow's error would unwind through PGlite's own reading of the answer. */
  #handOn(row: Buffer): void {
    try {
      this.onRow(binaryColumns(row, 0));
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }
}

/** PGlite's own reading of an ErrorResponse: a DatabaseError with its code and message. */
function databaseErrorOf(message: Buffer): Error {
  let error: Error = new Error("PGlite answered an error");
  new protocol.Parser().parse(message, (parsed) => {
    if (parsed instanceof Error) error = parsed;
  });
  return error;
}

export function pgliteBinaryRows(client: PGlite): BinaryRows {
  return async (text, ids, onRow) => {
    const message = Buffer.concat([
      serialize.parse({ text }),
      serialize.bind({ values: ids.map(idNumeral), binary: true }),
      serialize.execute(),
      serialize.sync(),
    ]);
    const reader = new RowReader(onRow);
    // The protocol calls take neither of PGlite's locks: a transaction holds the one between its
    // statements and runExclusive the one for a statement, so nothing else runs in between.
    // A statement that fails leaves the transaction to roll back: its own error says why.
    try {
      await client.transaction(() =>
        client.runExclusive(() =>
          client.execProtocolRawStream(message, {
            syncToFs: false,
            onRawData: (chunk) => {
              reader.feed(chunk);
            },
          }),
        ),
      );
    } catch (error) {
      if (reader.error === null) throw error;
    } finally {
      reader.release();
    }
    if (reader.error !== null) throw databaseErrorOf(reader.error);
    if (reader.failure !== null) throw reader.failure;
  };
}
