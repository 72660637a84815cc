// decisions D9: a task's history, `@life-admin/api-client/task-history`: loaded with the edit form
// that shows it, not in the web app's first download.
import { type TaskHistory, TaskHistorySchema } from "@life-admin/domain";
import type { LifeAdminClient } from "./client.js";
import { dataOf } from "./data-of.js";
import { addResponseRules, matches } from "./middleware/response-validation.js";

export type { TaskHistory };

export interface TaskHistoryCalls {
  /** The task's latest completions, newest first, and how many it has in all. */
  history: (taskId: number) => Promise<TaskHistory>;
}

export function taskHistoryCalls({ http }: Pick<LifeAdminClient, "http">): TaskHistoryCalls {
  addResponseRules({ "GET /tasks/{task_id}/completions": matches(TaskHistorySchema) });
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
