// Test support (issue 22): a person's rows in every table of the schema, and rows anywhere that
// name a user, task, file or sign-in that is not there. Each table is read by the column that
// makes it someone's (user_id, or task_id, file_id, sign_in_id through their owners), found in the
// schema itself: a table added later with none of them fails these helpers until it is given one.
import { type SQL, eq, is, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import type { Db } from "../../src/db/database.js";
import * as schema from "../../src/db/schema.js";

const TABLES: PgTable[] = Object.values(schema).flatMap((value) =>
  is(value, PgTable) ? [value] : [],
);

/** What a table's rows name their owner by. */
type Owner =
  | "id"
  | "user_id"
  | "task_id"
  | "file_id"
  | "sign_in_id"
  | "subject"
  | "household"
  | "household_id";

/** The owners every table but users is read by, first match wins; users by its id. */
const OWNER_COLUMNS: readonly Owner[] = [
  "user_id",
  "task_id",
  "file_id",
  "sign_in_id",
  "household_id",
];
/** rate_limit_counters: the limits per account are keyed by the account's id, as text. */
const SUBJECT_TABLES = new Set(["rate_limit_counters"]);

function ownerOf(table: PgTable): { name: string; owner: Owner } {
  const { name, columns } = getTableConfig(table);
  if (name === "users") return { name, owner: "id" };
  if (SUBJECT_TABLES.has(name)) return { name, owner: "subject" };
  // Issue 23: a household is its members' (household_members); its rows are the person's while
  // they are one of them.
  if (name === "households") return { name, owner: "household" };
  const columnNames = new Set(columns.map((column) => column.name));
  const owner = OWNER_COLUMNS.find((column) => columnNames.has(column));
  if (owner === undefined) throw new Error(`table ${name}: no column says whose its rows are`);
  return { name, owner };
}

/** The names of every table of the schema. */
export const TABLE_NAMES: readonly string[] = TABLES.map((table) => getTableConfig(table).name);

/** The rows a query answers (both drivers answer `{ rows: [...] }`). */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/** The ids a person's rows are found by: theirs, and their tasks', files' and sign-ins'. */
export interface AccountIds {
  userId: number;
  taskIds: number[];
  fileIds: number[];
  signInIds: string[];
}

/** The ids of the person's tasks, files and sign-ins now (read them before a deletion). */
export async function accountIdsOf(db: Db, userId: number): Promise<AccountIds> {
  const ids = async <T>(table: string, column = "id"): Promise<T[]> => {
    const rows = await rowsOf<{ id: T }>(
      db,
      sql`select ${sql.identifier(column)} as id from ${sql.identifier(table)} where user_id = ${userId} order by 1`,
    );
    return rows.map((row) => row.id);
  };
  return {
    userId,
    taskIds: await ids<number>("tasks"),
    fileIds: await ids<number>("files"),
    signInIds: await ids<string>("sign_ins"),
  };
}

/** The households the person is in (one at most). */
const householdsOf = (userId: number) =>
  sql`select household_id from household_members where user_id = ${userId}`;

/** How many rows of each table are the person's, by table name (every table of the schema). */
export async function accountRowCounts(db: Db, ids: AccountIds): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { name, owner } = ownerOf(table);
    const t = sql.identifier(name);
    const where = {
      id: sql`id = ${ids.userId}`,
      user_id: sql`user_id = ${ids.userId}`,
      subject: sql`subject = ${String(ids.userId)}`,
      task_id: sql`task_id = any(${`{${ids.taskIds.join(",")}}`}::integer[])`,
      file_id: sql`file_id = any(${`{${ids.fileIds.join(",")}}`}::integer[])`,
      sign_in_id: sql`sign_in_id = any(${`{${ids.signInIds.join(",")}}`}::uuid[])`,
      household: sql`id in (${householdsOf(ids.userId)})`,
      household_id: sql`household_id in (${householdsOf(ids.userId)})`,
    }[owner];
    counts[name] = await countOf(db, sql`select count(*) as n from ${t} where ${where}`);
  }
  return counts;
}

/**
 * Rows anywhere that name what is not there: a user_id, task_id, file_id or sign_in_id with no
 * such user, task, file or sign-in; by table and column, only those that have some.
 */
export async function orphanRows(db: Db): Promise<Record<string, number>> {
  const parents: Record<string, string> = {
    user_id: "users",
    task_id: "tasks",
    file_id: "files",
    sign_in_id: "sign_ins",
    household_id: "households",
  };
  const orphans: Record<string, number> = {};
  // Issue 23: a household its last member left is deleted with them.
  const empty = await countOf(
    db,
    sql`select count(*) as n from households h
      where not exists (select 1 from household_members m where m.household_id = h.id)`,
  );
  if (empty > 0) orphans["households.members"] = empty;
  for (const table of TABLES) {
    const { name, columns } = getTableConfig(table);
    for (const column of columns) {
      const parent = parents[column.name];
      if (parent === undefined) continue;
      const c = sql.identifier(column.name);
      const n = await countOf(
        db,
        sql`select count(*) as n from ${sql.identifier(name)} r where r.${c} is not null
          and not exists (select 1 from ${sql.identifier(parent)} p where p.id = r.${c})`,
      );
      if (n > 0) orphans[`${name}.${column.name}`] = n;
    }
  }
  return orphans;
}

/** A task's completions as stored, oldest first. */
export async function completionsOf(db: Db, taskId: number) {
  return db
    .select()
    .from(schema.taskCompletions)
    .where(eq(schema.taskCompletions.taskId, taskId))
    .orderBy(schema.taskCompletions.id);
}
