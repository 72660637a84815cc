// A resource's JSON body as one table of fields, each a column: from it come both the body of one
// row in TypeScript (`of(row)`, for an answer built from a row the API holds) and the SQL that
// writes a whole list as JSON text in the database (`arraySql(orderBy)`, issue 7: PostgreSQL and
// PGlite build a list in C, several times faster than reading the rows into objects, mapping them
// and serialising them again). The two cannot drift apart: each column's JSON form is chosen
// here, by its type, for both, and the route tests hold a list to the bodies created, byte for
// byte, for every kind of value.
import { isoInstantAt } from "@life-admin/domain";
import {
  type Column,
  type GetColumnData,
  type SQL,
  type SQLWrapper,
  getTableColumns,
  sql,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/** A body's fields: its JSON key to the column it comes from, in the body's order. */
export type FieldTable = Record<string, PgColumn>;

/** A column's value as JSON holds it: an instant becomes its ISO text (decisions D1). */
type JsonOf<Value> = Value extends Date ? string : Value;

/** The body a field table describes. */
export type BodyOf<Fields extends FieldTable> = {
  [Key in keyof Fields]: JsonOf<GetColumnData<Fields[Key]>>;
};

export interface JsonFields<Fields extends FieldTable> {
  /** The body of one row, as the list SQL would write it. */
  of(row: Record<string, unknown>): BodyOf<Fields>;
  /**
   * `[{...},...]` of every row the query selects, ordered by `orderBy`; `[]` for none. A field
   * named in `instead` is written from that expression (of its column's type) instead of its column.
   */
  arraySql(orderBy: SQL, instead?: Partial<Record<keyof Fields, SQL>>): SQL<string>;
}

/** decisions D1: an instant as `2026-01-31T09:00:00Z`, with milliseconds only when set. */
export function isoInstant(date: Date): string {
  return isoInstantAt(date.getTime());
}

/** isoInstant, written by the database: the same text for every instant a column holds. */
function isoInstantSql(column: SQLWrapper): SQL {
  return sql`replace(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '.000Z', 'Z')`;
}

/** How a column's value is written into JSON, in TypeScript and in SQL alike. */
interface JsonForm {
  value(value: unknown): unknown;
  sql(column: SQLWrapper): SQL;
}

const AS_IT_IS: JsonForm = {
  value: (value) => value,
  sql: (column) => sql`to_json(${column})`,
};
const INSTANT: JsonForm = {
  value: (value) => isoInstant(value as Date),
  sql: (column) => sql`to_json(${isoInstantSql(column)})`,
};
// numeric's own JSON keeps its scale (`10.00`); a double is written as JavaScript writes the
// number the driver reads (`10`). Exact for money: numeric(12, 2) fits a double's 15 digits.
const NUMBER: JsonForm = {
  value: (value) => value,
  sql: (column) => sql`to_json(${column}::float8)`,
};

function jsonFormOf(column: PgColumn): JsonForm {
  const type = column.getSQLType();
  if (type === "timestamp with time zone") return INSTANT;
  if (type.startsWith("numeric") && column.dataType === "number") return NUMBER;
  // A json column holds JSON text as it was written: sent as it is.
  if (["number", "string", "boolean", "json"].includes(column.dataType)) return AS_IT_IS;
  throw new Error(`column ${column.name} (${type}) has no JSON form here`);
}

/** JSON keys are written into the SQL text: plain names only. */
const JSON_KEY = /^[a-z_]+$/;

interface Field {
  key: string;
  /** The row's property for the column, as Drizzle reads it. */
  property: string;
  column: PgColumn;
  form: JsonForm;
}

/** The property under which `table`'s rows carry `column`. */
function propertyOf(table: PgTable, column: Column): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (entry === undefined) throw new Error(`column ${column.name} is not a column of the table`);
  return entry[0];
}

export function jsonFields<Fields extends FieldTable>(
  table: PgTable,
  fields: Fields,
): JsonFields<Fields> {
  const list: Field[] = Object.entries(fields).map(([key, column]) => {
    if (!JSON_KEY.test(key)) throw new Error(`JSON key ${JSON.stringify(key)} is not a plain name`);
    return { key, property: propertyOf(table, column), column, form: jsonFormOf(column) };
  });
  // Compact, as JSON.stringify writes it (json_build_object would add a space on each side of
  // every colon: 13% more bytes); to_json escapes each value.
  const objectSql = (instead: Partial<Record<string, SQL>>) => {
    const members = list.map(({ key, column, form }, index) => {
      const opening = `${index === 0 ? "{" : ","}"${key}":`;
      const value = form.sql(instead[key] ?? column);
      return sql`${sql.raw(`'${opening}'`)} || coalesce(${value}::text, 'null')`;
    });
    return sql`${sql.join(members, sql` || `)} || '}'`;
  };
  return {
    of(row) {
      const body: Record<string, unknown> = {};
      for (const { key, property, form } of list) {
        const value = row[property];
        body[key] = value === null ? null : form.value(value);
      }
      return body as BodyOf<Fields>;
    },
    arraySql(orderBy, instead = {}) {
      const object = objectSql(instead);
      return sql<string>`coalesce('[' || string_agg(${object}, ',' ORDER BY ${orderBy}) || ']', '[]')`;
    },
  };
}
