// A person's calls on their tasks as the tests of a task's life make them (create, edit, complete,
// skip, undo, read, history), each answer checked for its status and read by the domain's schema.
import { type Task, TaskSchema } from "@life-admin/domain";
import { TaskHistorySchema } from "@life-admin/domain/task-history-answer";
import { expect } from "vitest";
import { type Person, as, newPerson } from "./households.js";
import { type JsonResponse, call, get, post } from "./http.js";
import type { TestApp } from "./test-app.js";

/** A new person, signed in, with their task calls; a task made with `title` unless it says one. */
export async function taskCaller(t: TestApp, title: string) {
  const who: Person = await newPerson(t);
  const answered = (res: JsonResponse): Task => {
    expect(res.status, res.text).toBe(200);
    return TaskSchema.parse(res.body);
  };
  const closing = (id: number, close: "complete" | "skip", body?: object) =>
    post(t.app, `/tasks/${id}/${close}`, { ...as(who), ...(body && { body }) });
  const creating = (body: Record<string, unknown>) =>
    post(t.app, "/tasks/", { ...as(who), body: { title, ...body } });
  return {
    who,
    creating,
    async create(body: Record<string, unknown>): Promise<Task> {
      const res = await creating(body);
      expect(res.status, res.text).toBe(201);
      return TaskSchema.parse(res.body);
    },
    edit: async (id: number, body: Record<string, unknown>) =>
      answered(await call(t.app, "PATCH", `/tasks/${id}`, { ...as(who), body })),
    skipping: (id: number, body?: object) => closing(id, "skip", body),
    skip: async (id: number, body?: object) => answered(await closing(id, "skip", body)),
    complete: async (id: number) => answered(await closing(id, "complete")),
    uncompleting: (id: number) => post(t.app, `/tasks/${id}/uncomplete`, as(who)),
    uncomplete: async (id: number) =>
      answered(await post(t.app, `/tasks/${id}/uncomplete`, as(who))),
    read: async (id: number) => answered(await get(t.app, `/tasks/${id}`, as(who))),
    async history(id: number) {
      const res = await get(t.app, `/tasks/${id}/completions`, as(who));
      expect(res.status, res.text).toBe(200);
      return TaskHistorySchema.parse(res.body);
    },
  };
}
