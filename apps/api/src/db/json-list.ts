// issue 7: a user's whole list as one JSON text built by the database, ready to send. Reading the
// rows into JavaScript objects, mapping them and serialising them again costs the API most of a
// list request (a profile of GET /tasks/ with 100 tasks: row parsing, mapping and
// JSON.stringify); PostgreSQL (and PGlite) do it in C. The shape must stay the route's response
// schema and the same as the single-row mapping (routes/tasks.ts toTaskBody): the route tests
// compare the two, field by field, for every kind of value.
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** decisions D1: an instant as `2026-01-31T09:00:00Z`, with milliseconds only when set (http/iso.ts). */
export function isoInstantSql(column: AnyPgColumn): SQL {
  return sql`replace(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '.000Z', 'Z')`;
}

/** JSON keys are written into the SQL text: plain names only. */
const JSON_KEY = /^[a-z_]+$/;

/**
 * `[{...},...]` of `fields` (a JSON key to an SQL value, in order) over the rows, ordered by
 * `orderBy`; `[]` for none. Compact, as JSON.stringify writes it (json_build_object would add a
 * space on each side of every colon: 13% more bytes); to_json escapes each value.
 */
export function jsonArrayOf(fields: Record<string, SQL | AnyPgColumn>, orderBy: SQL): SQL<string> {
  const members = Object.entries(fields).map(([key, value], index) => {
    if (!JSON_KEY.test(key)) throw new Error(`JSON key ${JSON.stringify(key)} is not a plain name`);
    const opening = `${index === 0 ? "{" : ","}"${key}":`;
    return sql`${sql.raw(`'${opening}'`)} || coalesce(to_json(${value})::text, 'null')`;
  });
  const object = sql`${sql.join(members, sql` || `)} || '}'`;
  return sql<string>`coalesce('[' || string_agg(${object}, ',' ORDER BY ${orderBy}) || ']', '[]')`;
}
