// spec 7: GET /tasks/ and POST /tasks/, always scoped to the signed-in user (decisions D4).
import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { jsonFields } from "../db/json-fields.js";
import { tasks } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { answerList } from "../http/list-cache.js";
import { signedInRoutes } from "../http/route-group.js";
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

export function taskRoutes(deps: AppDeps) {
  const { app, route } = signedInRoutes("tasks", requireUser(deps.tokens));
  const { db } = deps.database;

  // Prepared once: the user's tasks as the JSON text sent.
  const listJson = db
    .select({ json: taskJson.arraySql(sql`${tasks.dueDate}, ${tasks.id}`) })
    .from(tasks)
    .where(eq(tasks.userId, sql.placeholder("userId")))
    .prepare("list_tasks");

  route(
    {
      method: "get",
      path: "/tasks/",
      summary: "The signed-in user's tasks, soonest due first",
      answer: { status: 200, description: "The tasks", schema: z.array(Task) },
    },
    ({ c, user }) =>
      answerList(c, deps.lists, "tasks", async () => {
        const [result] = await listJson.execute({ userId: user.id });
        return result?.json ?? "[]";
      }),
  );

  route(
    {
      method: "post",
      path: "/tasks/",
      summary: "Create a task",
      body: TaskCreate,
      answer: { status: 201, description: "The created task", schema: Task },
    },
    async ({ user, body }) => {
      const [row] = await db
        .insert(tasks)
        .values({
          userId: user.id,
          title: body.title,
          notes: body.notes ?? null,
          dueDate: new Date(body.due_date),
          frequency: body.frequency,
          priority: body.priority,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return taskJson.of(row);
    },
  );

  return app;
}
