// A route that creates a record answers with the row as stored: its id, defaults and
// normalised values come from the database, not from the request.
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./database.js";

/** Inserts one row into `table` and returns it as stored. */
export async function insertOne<Table extends PgTable>(
  db: Db,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<Table["$inferSelect"]> {
  const [row] = await db.insert(table).values(values).returning();
  if (row === undefined) throw new Error("insert returned no row");
  return row;
}
