// A row of bytea columns from PGlite as bytes, for a stored file's encrypted bytes (db/files.ts).
// PGlite's queries answer bytea as text ("\x" and hex): PostgreSQL in WebAssembly writes 4 MB of
// hex for a 2 MB file, PGlite decodes it into a 4 MB string, which is parsed back into bytes. On
// the API's one thread that took about 11 ms a 2 MB file and much of the garbage collector's time
// (issue 22's export bench). Here the extended protocol asks for the columns in binary, and the
// answer is read as it leaves the database, the row's bytes copied once, into their own buffer.
import { type PGlite, protocol } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { binaryColumns, idNumeral } from "./binary-rows.js";
import type { BinaryRow } from "./database.js";

const HEADER_BYTES = 5;
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The backend's messages, fed as they come: keeps the body of the first DataRow and of an
 * ErrorResponse, and skips every other message (ParseComplete, CommandComplete, ReadyForQuery...).
 */
class FirstRowReader {
  readonly #header = Buffer.alloc(HEADER_BYTES);
  #headerFilled = 0;
  #kept: Buffer | null = null;
  #type = 0;
  #left = 0;
  #filled = 0;
  row: Buffer | null = null;
  error: Buffer | null = null;

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
    const wanted =
      (this.#type === DATA_ROW && this.row === null) ||
      (this.#type === ERROR_RESPONSE && this.error === null);
    this.#kept = wanted ? Buffer.allocUnsafe(this.#left) : null;
    if (this.#left === 0) this.#end();
  }

  #end(): void {
    if (this.#kept !== null) {
      if (this.#type === DATA_ROW) this.row = this.#kept;
      else this.error = Buffer.concat([this.#header, this.#kept]);
    }
    this.#kept = null;
    this.#headerFilled = 0;
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

export function pgliteBinaryRow(client: PGlite): BinaryRow {
  return async (text, ids) => {
    const message = Buffer.concat([
      serialize.parse({ text }),
      serialize.bind({ values: ids.map(idNumeral), binary: true }),
      serialize.execute(),
      serialize.sync(),
    ]);
    const reader = new FirstRowReader();
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
    }
    if (reader.error !== null) throw databaseErrorOf(reader.error);
    return reader.row === null ? null : binaryColumns(reader.row, 0);
  };
}
