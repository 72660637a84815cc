// SQL written by hand, prepared once, whose rows come as the driver reads them: each column under
// its SQL name (`AS "dueMs"`), without Drizzle mapping each field. For the statements the
// reminders run by the hundreds of rows or the thousands of emails (issue 20's bench): a
// data-modifying WITH Drizzle's builder cannot say, and reads whose per-field mapping cost more
// than the rules applied to them. Dates stay text, timestamps too (both sessions' own parsers).
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./database.js";

/** Turns SQL into text and parameters, as the Drizzle behind `db` does (no casing rules). */
const dialect = new PgDialect();

/**
 * `query` prepared under `name` (unique in the API), its `sql.placeholder(...)`s filled in from
 * each run's values: a named statement on node-postgres, planned once per connection; PGlite
 * plans each query anew. `Row` is the caller's word for what the columns hold.
 */
export function prepareRows<Row>(
  db: Db,
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  // The session's own prepareQuery, as insert-one.ts's prepareForRows uses it; no fields, so the
  // driver's rows are handed back as they are.
  const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await statement.execute(values)) as { rows: Row[] }).rows;
}
