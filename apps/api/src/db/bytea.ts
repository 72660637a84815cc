// A `bytea` column (Drizzle 0.45 has none of its own): bytes in, bytes out. node-postgres reads
// bytea as a Buffer, PGlite as a Uint8Array; both write either.
import { customType } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** PostgreSQL's type id for bytea. */
const BYTEA_OID = 17;

/**
 * bytea to and from PGlite's text form ("\x" and hex) with Node's hex codec. PGlite's own goes
 * byte by byte in JavaScript (Array.from(...).map(toString(16)) to write, parseInt per pair to
 * read), on the API's event loop, which holds every other request meanwhile: 33 ms to write and
 * 18 ms to read a 250 kB photo, against 0.4 and 0.3 ms here (issue 21's bench), and seconds for a
 * 20 MiB upload. node-postgres already reads hex with Buffer and sends a Buffer as binary.
 */
export const pgliteBytea = {
  serializers: {
    [BYTEA_OID]: (value: unknown): string => {
      if (!(value instanceof Uint8Array)) throw new TypeError("A bytea value must be bytes");
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
    },
  },
  parsers: {
    [BYTEA_OID]: (text: string): Uint8Array => Buffer.from(text.slice(2), "hex"),
  },
};
