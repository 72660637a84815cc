// spec 7: GET /tasks/ and POST /tasks/, always scoped to the signed-in user (decisions D4).
import type { TaskCreate as TaskCreateBody } from "@life-admin/domain";
import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { insertOneWhere } from "../db/insert-one.js";
import { jsonFields } from "../db/json-fields.js";
import { tasks } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { answerList } from "../http/list-cache.js";
import { created, ok, signedInRoutes } from "../http/route-group.js";
import { ROW_CAP_REFUSAL, rowCap } from "../http/row-caps.js";
import { Task, TaskCreate } from "../http/schemas.js";

/** spec 3: the notes come back under the spec's read name `description` and as `notes`. */
const taskJson = jsonFields(tasks, {
  id: tasks.id,
  title: tasks.title,
  description: tasks.notes,
  due_date: tasks.dueDate,
  category: tasks.category,
  priority: tasks.priority,
  completed: tasks.completed,
  frequency: tasks.frequency,
  notes: tasks.notes,
});

/** The row a new task is stored as. */
function newTask(userId: number, body: TaskCreateBody): typeof tasks.$inferInsert {
  return {
    userId,
    title: body.title,
    notes: body.notes ?? null,
    dueDate: new Date(body.due_date),
    frequency: body.frequency,
    priority: body.priority,
  };
}

export function taskRoutes(deps: AppDeps) {
  const routes = signedInRoutes("tasks", requireUser(deps.tokens));
  const { db } = deps.database;
  const cap = rowCap("tasks", deps.config.rowCaps.tasks);

  // Prepared once: the user's tasks as the JSON text sent.
  const listJson = db
    .select({ json: taskJson.arraySql(sql`${tasks.dueDate}, ${tasks.id}`) })
    .from(tasks)
    .where(eq(tasks.userId, sql.placeholder("userId")))
    .prepare("list_tasks");

  routes.get(
    "/tasks/",
    {
      summary: "The signed-in user's tasks, soonest due first",
      answer: ok(z.array(Task), "The tasks"),
    },
    ({ c, user }) =>
      answerList(c, deps.lists, "tasks", async () => {
        const [result] = await listJson.execute({ userId: user.id });
        return result?.json ?? "[]";
      }),
  );

  routes.post(
    "/tasks/",
    {
      summary: "Create a task",
      body: TaskCreate,
      answer: created(Task, "The created task"),
      refusals: ROW_CAP_REFUSAL,
    },
    async ({ user, body }) => {
      const row = await insertOneWhere(db, tasks, newTask(user.id, body), cap.allows(user.id));
      if (row === null) throw cap.reached();
      return taskJson.of(row);
    },
  );

  return routes.app;
}
