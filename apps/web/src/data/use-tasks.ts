// GET /tasks/: the user's tasks (spec 7; a non-array answer is an empty list in the client).
// issue 23: in Family view, the tasks shared in the person's household.
import type { Task } from "@life-admin/domain";
import type { ViewMode } from "@life-admin/ui";
import { useCallback } from "react";
import { familyView } from "../household/load-family-view";
import { useServices } from "../use-services";
import { type ResourceHandle, useResource } from "./use-resource";

export function useTasks(view: ViewMode): ResourceHandle<Task[]> {
  const { client } = useServices();
  const load = useCallback(
    () =>
      view === "my"
        ? client.tasks.list()
        : familyView().then((family) => family.familyTasks(client)),
    [client, view],
  );
  return useResource(load);
}
