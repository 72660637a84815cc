// One record of the signed-in user's, by its id (decisions D4): the condition every route by id
// scopes its query with, and the read and the deletion they share. An id the column could not hold names no
// record: no row, never a database error.
import { type SQL, and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./database.js";

/** The largest id an `integer` column holds. */
export const LARGEST_ID = 2 ** 31 - 1;

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The rows of `table` that are `userId`'s and have this id: one row, or none. */
export function ownRecord(table: OwnedTable, id: number, userId: number): SQL {
  if (id > LARGEST_ID) return sql`false`;
  return sql`${and(eq(table.id, id), eq(table.userId, userId))}`;
}

/** The user's record with this id, or null. */
export async function findOwnRecord<Table extends OwnedTable>(
  db: Db,
  table: Table,
  id: number,
  userId: number,
): Promise<Table["$inferSelect"] | null> {
  // Drizzle cannot type a select from a table given as a type parameter; the row is the table's.
  const source: PgTable = table;
  const [row] = await db
    .select()
    .from(source)
    .where(ownRecord(table, id, userId));
  return (row as Table["$inferSelect"] | undefined) ?? null;
}

/**
 * findOwnRecord for a route that reads on every request: one statement, prepared under `name`
 * (issue 18: parsed and planned once per connection).
 */
export function ownRecordFinder<Table extends OwnedTable>(
  db: Db,
  table: Table,
  name: string,
): (id: number, userId: number) => Promise<Table["$inferSelect"] | null> {
  const source: PgTable = table;
  const statement = db
    .select()
    .from(source)
    .where(and(eq(table.id, sql.placeholder("id")), eq(table.userId, sql.placeholder("userId"))))
    .prepare(name);
  return async (id, userId) => {
    if (id > LARGEST_ID) return null;
    const [row] = await statement.execute({ id, userId });
    return (row as Table["$inferSelect"] | undefined) ?? null;
  };
}

/** Deletes the user's record with this id: true when there was one. */
export async function deleteOwnRecord(
  db: Db,
  table: OwnedTable,
  id: number,
  userId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(ownRecord(table, id, userId))
    .returning();
  return deleted.length > 0;
}
