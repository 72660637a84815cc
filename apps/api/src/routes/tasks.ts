// spec 7: GET /tasks/ and POST /tasks/, always scoped to the signed-in user (decisions D4).
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { Task as TaskBody } from "@life-admin/domain";
import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requireUser } from "../auth/require-user.js";
import { isoInstantSql, jsonArrayOf } from "../db/json-list.js";
import { tasks, type TaskRow } from "../db/schema.js";
import type { AppEnv } from "../app-env.js";
import type { AppDeps } from "../deps.js";
import { isoInstant } from "../http/iso.js";
import { createCreateRoute } from "../http/create-route.js";
import { jsonBody } from "../http/json-body.js";
import { answerList } from "../http/list-cache.js";
import { Task, TaskCreate, errorResponses, json } from "../http/schemas.js";
import { valid } from "../http/validate.js";

/** spec 3: the notes come back under the spec's read name `description` and as `notes`. */
export function toTaskBody(row: TaskRow): TaskBody {
  return {
    id: row.id,
    title: row.title,
    description: row.notes,
    due_date: isoInstant(row.dueDate),
    category: row.category,
    priority: row.priority,
    completed: row.completed,
    frequency: row.frequency,
    notes: row.notes,
  };
}

export function taskRoutes(deps: AppDeps) {
  const auth = requireUser(deps.tokens);
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;

  const list = createRoute({
    method: "get",
    path: "/tasks/",
    tags: ["tasks"],
    summary: "The signed-in user's tasks, soonest due first",
    security: [{ bearerAuth: [] }],
    responses: {
      200: { description: "The tasks", content: json(z.array(Task)) },
      ...errorResponses.unauthorized,
      ...errorResponses.unavailable,
    },
  });
  app.openAPIRegistry.registerPath(list);
  // toTaskBody's shape, built by the database (db/json-list.ts); prepared once.
  const listJson = db
    .select({
      json: jsonArrayOf(
        {
          id: tasks.id,
          title: tasks.title,
          description: tasks.notes,
          due_date: isoInstantSql(tasks.dueDate),
          category: tasks.category,
          priority: tasks.priority,
          completed: tasks.completed,
          frequency: tasks.frequency,
          notes: tasks.notes,
        },
        sql`${tasks.dueDate}, ${tasks.id}`,
      ),
    })
    .from(tasks)
    .where(eq(tasks.userId, sql.placeholder("userId")))
    .prepare("list_tasks");
  app.get(list.path, auth, (c) =>
    answerList(c, deps.lists, "tasks", async () => {
      const [result] = await listJson.execute({ userId: c.get("user").id });
      return result?.json ?? "[]";
    }),
  );

  const create = createCreateRoute({
    path: "/tasks/",
    tag: "tasks",
    summary: "Create a task",
    body: TaskCreate,
    result: Task,
    description: "The created task",
  });
  app.openAPIRegistry.registerPath(create);
  app.post(create.path, auth, jsonBody(), valid("json", TaskCreate), async (c) => {
    const input = c.req.valid("json");
    const [row] = await db
      .insert(tasks)
      .values({
        userId: c.get("user").id,
        title: input.title,
        notes: input.notes ?? null,
        dueDate: new Date(input.due_date),
        frequency: input.frequency,
        priority: input.priority,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return c.json(toTaskBody(row), 201);
  });

  return app;
}
