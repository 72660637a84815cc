// A `bytea` column (Drizzle 0.45 has none of its own): bytes in, bytes out. node-postgres reads
// bytea as a Buffer, PGlite as a Uint8Array; both write either.
import { customType } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** PostgreSQL's type id for bytea. */
const BYTEA_OID = 17;

/**
 * PGlite's types have a serializer answer text, but its Bind message sends any Uint8Array it is
 * handed as a binary parameter (its serializer's writeValues); this one hands the bytes over.
 */
const bytesAsTheyAre = ((value: unknown): Uint8Array => {
  if (!(value instanceof Uint8Array)) throw new TypeError("A bytea value must be bytes");
  return value;
}) as unknown as (value: unknown) => string;

/**
 * bytea to and from PGlite without its own codec, which goes byte by byte in JavaScript
 * (Array.from(...).map(toString(16)) to write, parseInt per pair to read), on the API's event
 * loop, which holds every other request meanwhile: 33 ms to write and 18 ms to read a 250 kB photo
 * (issue 21's bench), and seconds for a 20 MiB upload. Written as they are: PGlite binds bytes as a
 * binary parameter, with no hex text made and parsed again (a 230 kB photo's INSERT took 8 ms of
 * the thread as hex, 3 ms as bytes). Read from its text form ("\x" and hex) with Node's hex codec;
 * a stored file's bytes are read in binary (pglite-binary-row.ts). node-postgres already reads hex
 * with Buffer and sends a Buffer as binary.
 */
export const pgliteBytea = {
  serializers: {
    [BYTEA_OID]: bytesAsTheyAre,
  },
  parsers: {
    [BYTEA_OID]: (text: string): Uint8Array => Buffer.from(text.slice(2), "hex"),
  },
};
