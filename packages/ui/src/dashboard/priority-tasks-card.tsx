// spec 2, 9: the Priority Tasks card: only tasks of priority "High", with their count.
import { type Task, priorityTasks } from "@life-admin/domain";
import { Flag } from "lucide-react";
import { Card, CardAction, CardList, EmptyText } from "../base/card";
import type { ItemActions } from "./item-actions";
import { ItemRow } from "./item-rows";
import { taskDue } from "./task-due";

/** How many rows the card shows; the count badge and "Review Now" cover the rest. */
export const PRIORITY_TASKS_SHOWN = 5;

export interface PriorityTasksCardProps {
  /** All the user's tasks; the card keeps the High ones (domain `priorityTasks`). */
  tasks: readonly Task[];
  /** The person's wall clock now (UTC fields, decisions D6), in ms: what is overdue (taskDue). */
  now: number;
  locale?: string;
  onReview: () => void;
  actions: ItemActions;
}

export function PriorityTasksCard({
  tasks,
  now,
  locale,
  onReview,
  actions,
}: PriorityTasksCardProps) {
  const high = priorityTasks(tasks);
  return (
    <Card
      title="Priority Tasks"
      icon={<Flag size={18} />}
      iconTone="high"
      count={high.length}
      countText={(n) => (n === 1 ? "1 high priority task" : `${String(n)} high priority tasks`)}
      action={<CardAction label="Review Now" onClick={onReview} />}
    >
      {high.length === 0 ? (
        <EmptyText>No high priority tasks at the moment</EmptyText>
      ) : (
        <CardList>
          {high.slice(0, PRIORITY_TASKS_SHOWN).map((task) => (
            <ItemRow
              key={task.id}
              item={{ ...task, kind: "task" }}
              actions={actions}
              meta={taskDue(task, now, locale)}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
