// decisions D9: an edited task's history (ui's TaskHistoryList), read when its form opens (GET
// /tasks/{task_id}/completions). Until it comes, and when it cannot be read, the form shows none:
// the history adds to the form and never stands in its way; the failure is in the console.
import { taskHistoryCalls } from "@life-admin/api-client/task-history";
import { TaskHistoryList } from "@life-admin/ui";
import { useCallback, useMemo } from "react";
import { useResource } from "../data/use-resource";
import { useServices } from "../use-services";

export interface TaskHistorySectionProps {
  taskId: number;
  /** The person's IANA time zone (undefined: the device's). */
  timeZone: string | undefined;
}

export function TaskHistorySection({ taskId, timeZone }: TaskHistorySectionProps) {
  const { client, locale } = useServices();
  const calls = useMemo(() => taskHistoryCalls(client), [client]);
  const { resource } = useResource(useCallback(() => calls.history(taskId), [calls, taskId]));
  if (resource.status !== "ready") return null;
  return (
    <TaskHistoryList
      history={resource.data}
      {...(locale === undefined ? {} : { locale })}
      {...(timeZone === undefined ? {} : { timeZone })}
    />
  );
}
