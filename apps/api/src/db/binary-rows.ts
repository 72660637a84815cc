// What both engines' Database.binaryRows share (pglite-binary-rows.ts, postgres-binary-rows.ts):
// the ids they are asked with, and a row's columns as PostgreSQL writes them in binary, a 16-bit
// count, then each column as a 32-bit length (-1 for NULL) and its bytes. A DataRow message's body
// is this (PGlite's answer), and so is each tuple of COPY ... (FORMAT binary) (PostgreSQL's).

/** An id as the numeral the statement gets; anything but a safe integer is refused. */
export function idNumeral(id: number): string {
  if (!Number.isSafeInteger(id)) throw new TypeError(`${id} is not an id`);
  return String(id);
}

/** `$1`, `$2`... of `text` as the ids' numerals: for COPY, which takes no parameters. */
export function withIdsWritten(text: string, ids: readonly number[]): string {
  const numerals = ids.map(idNumeral);
  return text.replaceAll(/\$(\d+)/g, (placeholder, n: string) => {
    const numeral = numerals[Number(n) - 1];
    if (numeral === undefined) throw new TypeError(`${placeholder} has no id`);
    return numeral;
  });
}

/** The columns of the row at `at` in `bytes`, each a view of them. */
export function binaryColumns(bytes: Buffer, at: number): Buffer[] {
  const count = bytes.readInt16BE(at);
  const columns: Buffer[] = [];
  let next = at + 2;
  for (let i = 0; i < count; i++) {
    const length = bytes.readInt32BE(next);
    next += 4;
    if (length < 0) throw new TypeError("A binary row's columns are read as bytes, never NULL");
    columns.push(bytes.subarray(next, next + length));
    next += length;
  }
  return columns;
}
