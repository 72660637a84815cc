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

/**
 * `[{...}, ...]` of `fields` (a JSON key to an SQL value, in order) over the rows, ordered by
 * `orderBy`; `[]` for none.
 */
export function jsonArrayOf(fields: Record<string, SQL | AnyPgColumn>, orderBy: SQL): SQL<string> {
  const pairs = sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  return sql<string>`coalesce(json_agg(json_build_object(${pairs}) ORDER BY ${orderBy}), '[]')::text`;
}
