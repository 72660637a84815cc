// A `bytea` column (Drizzle 0.45 has none of its own): bytes in, bytes out. node-postgres reads
// bytea as a Buffer, PGlite as a Uint8Array; both write either.
import { customType } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** PostgreSQL's type id for bytea. */
const BYTEA_OID = 17;

/**
 * bytea to and from PGlite. Written as the bytes themselves: PGlite binds a parameter whose
 * serializer returns bytes in PostgreSQL's binary format (its bytea_recv takes them as they are),
 * where a text one is the "\\x" and hex form, twice the length, which PGlite then measures in UTF-8
 * and copies character by character on the API's event loop: 8 ms of CPU to insert a 230 kB photo
 * against 3 ms as bytes (issue 21's bench). PGlite's own serializer went byte by byte in
 * JavaScript (Array.from(...).map(toString(16))): 33 ms. Read as text with Node's hex codec
 * (PGlite's parsers cannot ask for binary results): PGlite's own parsed each pair with parseInt,
 * 18 ms for that photo against 0.3 ms. node-postgres already reads hex with Buffer and sends a
 * Buffer as binary.
 */
export const pgliteBytea = {
  serializers: {
    // PGlite types serializers as returning text, but binds bytes returned as binary.
    [BYTEA_OID]: ((value: unknown): Uint8Array => {
      if (!(value instanceof Uint8Array)) throw new TypeError("A bytea value must be bytes");
      return value;
    }) as unknown as (value: unknown) => string,
  },
  parsers: {
    [BYTEA_OID]: (text: string): Uint8Array => Buffer.from(text.slice(2), "hex"),
  },
};
