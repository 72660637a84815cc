// decisions D9: the domain's pastRepeatEnd in SQL, for the statements that decide from a row as
// they write it whether a task's series has ended (task-edits.ts, task-completions.ts): a due date
// whose date, on the person's clock written as UTC fields (D6), is after its series' end.
import { type SQL, sql } from "drizzle-orm";

export function pastRepeatEndSql(due: SQL, until: SQL): SQL {
  return sql`(${until} is not null and ((${due}) at time zone 'UTC')::date > ${until})`;
}
