// A route that creates a record answers with the row as stored: its id, defaults and
// normalised values come from the database, not from the request.
import { SQL, getTableColumns, is, sql } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
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

/**
 * Inserts one row into `table` only if `condition` holds, checked by the same statement
 * (`INSERT ... SELECT ... WHERE condition RETURNING *`): the row as stored, or null when the
 * condition refused it. One round trip, like insertOne; a lock the condition takes holds until
 * the statement commits. Written as SQL because Drizzle's INSERT ... SELECT names every column,
 * the generated-always id too, which a SELECT cannot leave to its default.
 */
export async function insertOneWhere<Table extends PgTable>(
  db: Db,
  table: Table,
  values: PgInsertValue<Table>,
  condition: SQL,
): Promise<Table["$inferSelect"] | null> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  // The columns given a value; the others take their defaults in the database, as with VALUES.
  const given = columns.flatMap(([key, column]) => {
    const value = (values as Record<string, unknown>)[key];
    return value === undefined ? [] : [{ column, value }];
  });
  const names = sql.join(
    given.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const selected = sql.join(
    given.map(({ column, value }) => selectedValue(column, value)),
    sql`, `,
  );
  const [stored] = await executeForRows(
    db,
    table,
    sql`insert into ${table} (${names}) select ${selected} where ${condition} returning *`,
  );
  return stored ?? null;
}

/**
 * Runs SQL written by hand that answers whole rows of `table` (`returning *`, `select *`), and
 * reads each as Drizzle reads the table's rows: for the statements its builder cannot say
 * (INSERT ... SELECT, a data-modifying WITH).
 */
export async function executeForRows<Table extends PgTable>(
  db: Db,
  table: Table,
  query: SQL,
): Promise<Table["$inferSelect"][]> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  // Both drivers answer { rows: [...] }, each row by column name, timestamps still as text.
  const result: unknown = await db.execute(query);
  // Each column read as Drizzle reads it (its own decoder: timestamptz.ts, numeric as a number).
  return (result as { rows: Record<string, unknown>[] }).rows.map((stored) =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const raw = stored[column.name];
        return [key, raw === null || raw === undefined ? null : column.mapFromDriverValue(raw)];
      }),
    ),
  );
}

/**
 * One value in the SELECT list, cast to its column's type: there a parameter has no type but
 * text (PostgreSQL does not look at the INSERT's columns for it).
 */
function selectedValue(column: PgColumn, value: unknown): SQL {
  if (is(value, SQL)) return value;
  if (value === null) return sql`null`;
  return sql`cast(${sql.param(value, column)} as ${sql.raw(column.getSQLType())})`;
}
