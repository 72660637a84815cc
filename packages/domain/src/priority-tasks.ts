// spec 9: the Priority Tasks card.
import type { Priority } from "./enums.js";

/** Tasks whose priority is exactly "High", in their given order. */
export function priorityTasks<T extends { priority: Priority }>(tasks: readonly T[]): T[] {
  return tasks.filter((task) => task.priority === "High");
}
