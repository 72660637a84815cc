// decisions D9: a task's history as the API answers it, its completions' list included. An entry
// of its own (@life-admin/domain/task-history-answer) that only the API imports: a bundle that
// imports z.array anywhere keeps zod's arrays in the zod it loads first, and the web app's
// task-history calls check the completions one by one instead (api-client's withListIn), which
// keeps them out of its first download (0.39 kB).
import * as z from "zod/mini";
import type { TaskHistory } from "./task-history.js";
import { TaskHistoryEntrySchema, TaskHistoryHeadSchema } from "./task-history.js";

export const TaskHistorySchema: z.ZodMiniType<TaskHistory> = /* @__PURE__ */ z.object({
  ...TaskHistoryHeadSchema.shape,
  completions: z.array(TaskHistoryEntrySchema),
});
