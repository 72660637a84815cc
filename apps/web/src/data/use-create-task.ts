// POST /tasks/ (spec 7): creates a task; the caller reloads the list.
import type { TaskCreateBody } from "@life-admin/api-client";
import type { Task } from "@life-admin/domain";
import { useServices } from "../use-services";

export function useCreateTask(): (body: TaskCreateBody) => Promise<Task> {
  return useServices().client.tasks.create;
}
