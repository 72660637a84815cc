// A route that creates a record answers with the row as stored: its id, defaults and
// normalised values come from the database, not from the request. The statements a request makes
// on every write are prepared (issue 18): PostgreSQL parses and plans each once per connection
// instead of once per request, and Drizzle builds its SQL once.
import { SQL, getTableColumns, sql } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgInsertValue, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./database.js";

/** Turns SQL into text and parameters, as the Drizzle behind `db` does (no casing rules). */
const dialect = new PgDialect();

type Row<Table extends PgTable> = Table["$inferSelect"];
type Values = Record<string, unknown>;

/** Inserts one row into `table` and returns it as stored. */
export async function insertOne<Table extends PgTable>(
  db: Db,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<Row<Table>> {
  const [row] = await db.insert(table).values(values).returning();
  if (row === undefined) throw new Error("insert returned no row");
  return row;
}

/** Each row of an answer read as Drizzle reads the table's rows (timestamptz.ts, numeric as a number). */
function rowsOf<Table extends PgTable>(table: Table, result: unknown): Row<Table>[] {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  // Both drivers answer { rows: [...] }, each row by column name, timestamps still as text.
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
 * SQL written by hand that answers whole rows of `table` (`returning *`, `select *`), for the
 * statements Drizzle's builder cannot say (INSERT ... SELECT, a data-modifying WITH), each row
 * read as Drizzle reads the table's rows. Prepared once under `name` (unique in the API), with
 * `sql.placeholder(...)`s that each run fills in from its values. The values go to the driver as
 * they are: write an instant as its ISO text (timestamptz.ts).
 */
export function prepareForRows<Table extends PgTable>(
  db: Db,
  table: Table,
  name: string,
  query: SQL,
): (values: Values) => Promise<Row<Table>[]> {
  // The session's own prepareQuery, which Drizzle's builders and db.execute use: a named
  // statement on node-postgres; PGlite plans each query anew (it has no named statements).
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => rowsOf(table, await prepared.execute(values));
}

/**
 * An insert of one row into `table` that holds only if `condition` holds, checked by the same
 * statement (`INSERT ... SELECT ... WHERE condition RETURNING *`): the row as stored, or null when
 * the condition refused it. One round trip; a lock the condition takes holds until the statement
 * commits. Prepared under `name` for each set of columns given (the others take their defaults in
 * the database, as with VALUES); `condition` may use placeholders of its own, filled in from
 * `conditionValues`. Written as SQL because Drizzle's INSERT ... SELECT names every column, the
 * generated-always id too, which a SELECT cannot leave to its default.
 */
export function preparedInsertWhere<Table extends PgTable>(
  db: Db,
  table: Table,
  name: string,
  condition: SQL,
): (values: PgInsertValue<Table>, conditionValues: Values) => Promise<Row<Table> | null> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  const statements = new Map<string, (values: Values) => Promise<Row<Table>[]>>();
  const prepare = (given: readonly [string, PgColumn][]) => {
    const names = sql.join(
      given.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    // Cast to the column's type: in a SELECT list a parameter has no type but text (PostgreSQL
    // does not look at the INSERT's columns for it).
    const selected = sql.join(
      given.map(
        ([key, column]) =>
          sql`cast(${sql.placeholder(`value_${key}`)} as ${sql.raw(column.getSQLType())})`,
      ),
      sql`, `,
    );
    return prepareForRows(
      db,
      table,
      `${name}_${statements.size}`,
      sql`insert into ${table} (${names}) select ${selected} where ${condition} returning *`,
    );
  };

  return async (values, conditionValues) => {
    const given = columns.filter(([key]) => (values as Values)[key] !== undefined);
    const shape = given.map(([key]) => key).join(",");
    let statement = statements.get(shape);
    if (statement === undefined) {
      statement = prepare(given);
      statements.set(shape, statement);
    }
    const filled: Values = { ...conditionValues };
    for (const [key, column] of given) {
      const value = (values as Values)[key];
      if (value instanceof SQL) throw new Error(`${name}: ${key} is SQL, not a value`);
      filled[`value_${key}`] = value === null ? null : column.mapToDriverValue(value);
    }
    const [stored] = await statement(filled);
    return stored ?? null;
  };
}
