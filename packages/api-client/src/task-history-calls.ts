// decisions D9: a task's history, `@life-admin/api-client/task-history`: loaded with the edit form
// that shows it, not in the web app's first download.
import {
  type TaskHistory,
  TaskHistoryEntrySchema,
  TaskHistoryHeadSchema,
} from "@life-admin/domain/task-history";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { addResponseRules, withListIn } from "./middleware/response-validation.js";

export type { TaskHistory };

export interface TaskHistoryCalls {
  /** The task's latest completions, newest first, and how many it has in all. */
  history: (taskId: number) => Promise<TaskHistory>;
}

export function taskHistoryCalls({ http }: Pick<LifeAdminClient, "http">): TaskHistoryCalls {
  addResponseRules({
    // Its completions checked one by one (not the domain's TaskHistorySchema: withListIn).
    "GET /tasks/{task_id}/completions": withListIn(
      TaskHistoryHeadSchema,
      "completions",
      TaskHistoryEntrySchema,
    ),
  });
  return {
    async history(taskId) {
      const params = { path: { task_id: taskId } };
      return dataOf(
        "GET /tasks/{task_id}/completions",
        await http.GET("/tasks/{task_id}/completions", { params }),
      );
    },
  };
}
