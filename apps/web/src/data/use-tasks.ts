// GET /tasks/: the user's tasks (spec 7; a non-array answer is an empty list in the client).
import type { Task } from "@life-admin/domain";
import { useServices } from "../use-services";
import { type ResourceHandle, useResource } from "./use-resource";

export function useTasks(): ResourceHandle<Task[]> {
  return useResource(useServices().client.tasks.list);
}
