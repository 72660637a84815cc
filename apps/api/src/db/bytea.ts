// A `bytea` column (Drizzle 0.45 has none of its own): bytes in, bytes out. node-postgres reads
// bytea as a Buffer, PGlite as a Uint8Array; both write either.
import { customType } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});
