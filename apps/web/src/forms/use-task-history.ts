// decisions D9: an edited task's history (GET /tasks/{task_id}/completions), read when its form
// opens: listed after the form (ui's TaskHistoryList), and what says whether "Undo" beside the date
// undoes a completion or a skip. It is read once the task's own changes still on their way (a
// skip pressed just before) are answered, so that it has them. Until it comes, and when it cannot
// be read, there is none: the history adds to the form and never stands in its way; the failure is
// in the console.
import { type TaskHistory, taskHistoryCalls } from "@life-admin/api-client/task-history";
import { useCallback, useMemo } from "react";
import { useResource } from "../data/use-resource";
import { useServices } from "../use-services";

/** What an add form has: no task, so no history to read. */
const NONE: TaskHistory = { total: 0, skips: 0, completions: [] };

/**
 * The history of the task `taskId` once read (none while the dialog adds a task), after
 * `settled(taskId)`: the task's changes made so far answered.
 */
export function useTaskHistory(
  taskId: number | undefined,
  settled: (taskId: number) => Promise<void>,
): TaskHistory | undefined {
  const { client } = useServices();
  const calls = useMemo(() => taskHistoryCalls(client), [client]);
  const { resource } = useResource(
    useCallback(
      () =>
        taskId === undefined
          ? Promise.resolve(NONE)
          : settled(taskId).then(() => calls.history(taskId)),
      [calls, taskId, settled],
    ),
  );
  return taskId !== undefined && resource.status === "ready" ? resource.data : undefined;
}
