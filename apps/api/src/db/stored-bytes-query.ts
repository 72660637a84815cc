// The statement a stored file's encrypted bytes are read with (db/files.ts, encryptedBytesReader),
// on its own so that the bench can time the database alone running it (bench/src/support/
// database-file-reads.ts).
import { eq, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { fileContents } from "./schema.js";

/**
 * How much of a file's ciphertext each row of STORED_BYTES_QUERY holds: little enough that the
 * database's memory for it is reused from row to row. Read whole, each file's value took fresh
 * memory from the kernel two and three times over, page by page, at its detoasting and in COPY's
 * output: on PostgreSQL on a virtual machine that was two thirds of the database's time
 * (BENCHMARKS.md, "Export", session 48).
 */
export const STORED_SLICE_BYTES = 65_536;

const slice = sql`slice.at`;
const sliceBytes = sql.raw(String(STORED_SLICE_BYTES));

/**
 * A file's bytes by its id (`$1`), in binary (Database.binaryRows), one row a slice: its IV, tag
 * and sealed SHA-256, then the ciphertext's length, where the slice starts in it, and the slice.
 */
export const STORED_BYTES_QUERY = new QueryBuilder()
  .select({
    iv: fileContents.iv,
    authTag: fileContents.authTag,
    // A binary row's columns are never NULL: none is read as no bytes.
    sealedSha256: sql`coalesce(${fileContents.sealedSha256}, ''::bytea)`,
    length: sql`octet_length(${fileContents.ciphertext})`,
    at: sql`${slice} - 1`,
    slice: sql`substring(${fileContents.ciphertext} from ${slice} for ${sliceBytes})`,
  })
  .from(fileContents)
  // A ciphertext of no bytes is still one row.
  .crossJoin(
    sql`generate_series(1, greatest(octet_length(${fileContents.ciphertext}), 1), ${sliceBytes}) as slice (at)`,
  )
  .where(eq(fileContents.fileId, sql.placeholder("fileId")))
  .toSQL().sql;
