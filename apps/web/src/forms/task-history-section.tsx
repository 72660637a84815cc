// decisions D9: an edited task's history (ui's TaskHistoryList), read when its form opens (GET
// /tasks/{task_id}/completions). Until it comes, and when it cannot be read, the form shows none:
// the history adds to the form and never stands in its way; the failure is in the console.
import { type TaskHistory, taskHistoryCalls } from "@life-admin/api-client/task-history";
import { TaskHistoryList } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { useServices } from "../use-services";

export interface TaskHistorySectionProps {
  taskId: number;
  /** The person's IANA time zone (undefined: the device's). */
  timeZone: string | undefined;
}

export function TaskHistorySection({ taskId, timeZone }: TaskHistorySectionProps) {
  const { client, locale } = useServices();
  const [history, setHistory] = useState<TaskHistory | null>(null);
  useEffect(() => {
    let current = true;
    taskHistoryCalls(client)
      .history(taskId)
      .then(
        (read) => {
          if (current) setHistory(read);
        },
        (failure: unknown) => {
          console.error(failure);
        },
      );
    return () => {
      current = false;
    };
  }, [client, taskId]);
  if (history === null) return null;
  return (
    <TaskHistoryList
      history={history}
      {...(locale === undefined ? {} : { locale })}
      {...(timeZone === undefined ? {} : { timeZone })}
    />
  );
}
