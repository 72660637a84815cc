// issue 21, decisions D14: the files people upload, stored encrypted (schema.ts files and
// file_contents). An upload draws its id first, because the id is bound into the encryption, then
// stores the file and its bytes in one transaction that holds the person's quota: their row is
// locked while their bytes are counted, so two uploads at once cannot both take its last bytes.
import { and, eq, sql } from "drizzle-orm";
import { UnauthorizedError } from "../errors/api-error.js";
import type { EncryptedFile, SealedFile } from "../files/file-encryption.js";
import type { Database, Db } from "./database.js";
import { LARGEST_ID } from "./own-records.js";
import { type FileRow, fileContents, files, users } from "./schema.js";
import { STORED_BYTES_QUERY } from "./stored-bytes-query.js";

const ACCOUNT_GONE = "This sign-in has ended; please sign in again";

export type NewFile = Pick<FileRow, "id" | "userId" | "name" | "contentType" | "size">;

/**
 * A file's bytes as stored: encrypted, with their sealed SHA-256 if it was taken (schema.ts). The
 * ciphertext is a buffer of its own, whose memory its reader may give back (released-memory.ts).
 */
export interface StoredBytes extends EncryptedFile {
  sealedSha256: Uint8Array | null;
}

export interface StoredContent extends StoredBytes {
  file: FileRow;
}

export interface FileStore {
  /** The id the next file will have: drawn before it is encrypted. */
  nextId(): Promise<number>;
  /**
   * Stores the file and its encrypted bytes: the file as stored, or null when it would take its
   * owner past `quotaBytes` (nothing is stored then).
   */
  insert(file: NewFile, content: SealedFile, quotaBytes: number): Promise<FileRow | null>;
  /** The user's file with this id and its encrypted bytes, or null. */
  content(fileId: number, userId: number): Promise<StoredContent | null>;
}

/** A file's bytes as stored by its id, or null when it has none (deleted). */
export type EncryptedBytesOf = (fileId: number) => Promise<StoredBytes | null>;

/**
 * Reads a file's encrypted bytes in binary (Database.binaryRows): a 2 MB file is 2 MB read, not
 * 4 MB of hex text decoded back into bytes (issue 22's export bench), in slices
 * (STORED_BYTES_QUERY), each put where its row says.
 */
export function encryptedBytesReader({
  binaryRows,
}: Pick<Database, "binaryRows">): EncryptedBytesOf {
  return async (fileId) => {
    // Set by the first row (a callback's assignments are not seen by the narrowing after it).
    let stored = null as StoredBytes | null;
    let ciphertext = Buffer.alloc(0);
    let filled = 0;
    await binaryRows(STORED_BYTES_QUERY, [fileId], (columns) => {
      const [iv, authTag, sealedSha256, length, at, piece] = columns;
      if (
        iv === undefined ||
        authTag === undefined ||
        sealedSha256 === undefined ||
        length === undefined ||
        at === undefined ||
        piece === undefined
      ) {
        throw new Error("a file's bytes were read without their six columns");
      }
      if (stored === null) {
        ciphertext = Buffer.allocUnsafeSlow(length.readInt32BE(0));
        stored = {
          iv: Buffer.from(iv),
          authTag: Buffer.from(authTag),
          ciphertext,
          sealedSha256: sealedSha256.length === 0 ? null : Buffer.from(sealedSha256),
        };
      }
      filled += piece.copy(ciphertext, at.readInt32BE(0));
    });
    if (stored !== null && filled !== ciphertext.length) {
      throw new Error("a file's bytes were read in part");
    }
    return stored;
  };
}

export function fileStoreOf(database: Pick<Database, "db" | "binaryRows">): FileStore {
  const { db } = database;
  const encryptedBytesOf = encryptedBytesReader(database);
  return {
    async nextId() {
      const [drawn] = await db
        .select({ id: sql<number>`nextval(pg_get_serial_sequence('files', 'id'))::integer` })
        .from(sql`(values (1)) as one (x)`);
      if (drawn === undefined) throw new Error("no id drawn for a file");
      return drawn.id;
    },

    insert(file, content, quotaBytes) {
      return db.transaction(async (tx) => {
        // Locked until the commit: another upload of theirs waits, then counts this one's bytes
        // too (kept in users.file_bytes by a trigger, drizzle/0009_files.sql).
        const [owner] = await tx
          .select({ fileBytes: users.fileBytes })
          .from(users)
          .where(eq(users.id, file.userId))
          .for("no key update");
        // issue 22: the account was deleted while the file was on its way.
        if (owner === undefined) throw new UnauthorizedError(ACCOUNT_GONE);
        if (owner.fileBytes + file.size > quotaBytes) return null;
        const [stored] = await tx.insert(files).values(file).returning();
        if (stored === undefined) throw new Error("insert returned no row");
        await tx.insert(fileContents).values({ fileId: file.id, ...content });
        return stored;
      });
    },

    async content(fileId, userId) {
      if (fileId > LARGEST_ID) return null;
      const [file] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.userId, userId)));
      if (file === undefined) return null;
      // Null when the file was deleted in between.
      const bytes = await encryptedBytesOf(fileId);
      return bytes === null ? null : { file, ...bytes };
    },
  };
}

/** How many bytes of files the user keeps (what the quota counts). */
export async function fileBytesOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ fileBytes: users.fileBytes })
    .from(users)
    .where(eq(users.id, userId));
  return row?.fileBytes ?? 0;
}
