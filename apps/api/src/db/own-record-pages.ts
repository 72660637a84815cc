// A person's rows of one table a page at a time, in the order of their ids (issue 22's export):
// each page is one query that starts after the last id of the one before, so that 10,000 tasks
// never sit in memory at once, and rows written meanwhile are read once or not at all, never twice.
import { and, asc, eq, gt } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./database.js";

/** Rows per page of an export: a few hundred kB of rows at most. */
export const EXPORT_PAGE_ROWS = 1_000;

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** `userId`'s rows of `table`, page by page, oldest id first. */
export async function* ownRecordPages<Table extends OwnedTable>(
  db: Db,
  table: Table,
  userId: number,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<Table["$inferSelect"][]> {
  let after = 0;
  for (;;) {
    // Drizzle cannot type a select from a table given as a type parameter; the rows are the table's.
    const source: PgTable = table;
    const page = (await db
      .select()
      .from(source)
      .where(and(eq(table.userId, userId), gt(table.id, after)))
      .orderBy(asc(table.id))
      .limit(pageRows)) as Table["$inferSelect"][];
    if (page.length > 0) yield page;
    if (page.length < pageRows) return;
    after = (page.at(-1) as { id: number }).id;
  }
}
