// The statement a stored file's encrypted bytes are read with (db/files.ts, encryptedBytesReader),
// on its own so that the bench can time the database alone running it (bench/src/support/
// database-file-reads.ts).
import { eq, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Database } from "./database.js";
import { fileContents } from "./schema.js";

/** More than any bytea holds (1 GB): a slice of this is the whole value. */
const WHOLE = 2 ** 31 - 1;

/**
 * How much of a file's ciphertext each row of storedBytesQuery holds, by engine. On PostgreSQL,
 * 64 KiB: little enough that the server's memory for it is reused from row to row. Read whole,
 * each file's value took fresh memory from the kernel two and three times over, page by page, at
 * its detoasting and in COPY's output: on a virtual machine that was two thirds of the database's
 * time. On PGlite, the whole value: there the export in slices was no faster, and in two runs
 * of four slower (BENCHMARKS.md, "Export", session 48).
 */
export const STORED_SLICE_BYTES: Record<Database["kind"], number> = {
  postgres: 65_536,
  pglite: WHOLE,
};

/**
 * A file's bytes by its id (`$1`), in binary (Database.binaryRows), one row a slice of
 * `sliceBytes`: its IV, tag and sealed SHA-256, then the ciphertext's length, where the slice
 * starts in it, and the slice.
 */
export function storedBytesQuery(sliceBytes: number): string {
  if (!Number.isSafeInteger(sliceBytes) || sliceBytes < 1 || sliceBytes > WHOLE) {
    throw new RangeError(`${sliceBytes} is no slice's size`);
  }
  const slice = sql`slice.at`;
  const size = sql.raw(String(sliceBytes));
  return (
    new QueryBuilder()
      .select({
        iv: fileContents.iv,
        authTag: fileContents.authTag,
        // A binary row's columns are never NULL: none is read as no bytes.
        sealedSha256: sql`coalesce(${fileContents.sealedSha256}, ''::bytea)`,
        length: sql`octet_length(${fileContents.ciphertext})`,
        at: sql`${slice} - 1`,
        slice: sql`substring(${fileContents.ciphertext} from ${slice} for ${size})`,
      })
      .from(fileContents)
      // A ciphertext of no bytes is still one row.
      .crossJoin(
        sql`generate_series(1, greatest(octet_length(${fileContents.ciphertext}), 1), ${size}) as slice (at)`,
      )
      .where(eq(fileContents.fileId, sql.placeholder("fileId")))
      .toSQL().sql
  );
}
