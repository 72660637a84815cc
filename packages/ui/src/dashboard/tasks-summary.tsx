// spec 2: the summary of tasks under the agenda: the first few in the All Tasks order (the
// domain's sortTasksByPriority), each with "Due: {date}" or "Overdue since {date}" (task-due.tsx)
// and its priority's mark (the agenda's coloured dot, named for screen readers: the badge stays
// in All Tasks, whose code the dashboard's first download then does not carry), and a view-all
// button.
import { type Task, priorityTone, sortTasksByPriority } from "@life-admin/domain";
import { ListTodo } from "lucide-react";
import { ToneMark } from "../base/tone-dot";
import { Card, CardAction, CardList, EmptyText } from "../base/card";
import type { ItemActions } from "./item-actions";
import { ItemRow } from "./item-rows";
import { taskDue } from "./task-due";

export const SUMMARY_ROWS = 5;
export const NO_TASKS_TEXT = "No tasks available";

export interface TasksSummaryProps {
  tasks: readonly Task[];
  /** The person's wall clock now (UTC fields, decisions D6), in ms: what is overdue (taskDue). */
  now: number;
  locale?: string;
  /** Opens the All Tasks modal. */
  onViewAll: () => void;
  actions: ItemActions;
}

export function TasksSummary({ tasks, now, locale, onViewAll, actions }: TasksSummaryProps) {
  const shown = sortTasksByPriority(tasks).slice(0, SUMMARY_ROWS);
  return (
    <Card
      title="Tasks"
      icon={<ListTodo size={18} />}
      iconTone="neutral"
      action={<CardAction label="View all tasks" onClick={onViewAll} />}
    >
      {shown.length === 0 ? (
        <EmptyText>{NO_TASKS_TEXT}</EmptyText>
      ) : (
        <CardList>
          {shown.map((task) => (
            <ItemRow
              key={task.id}
              item={{ ...task, kind: "task" }}
              actions={actions}
              meta={taskDue(task, now, locale)}
              lead={<ToneMark tone={priorityTone(task.priority)} />}
            />
          ))}
        </CardList>
      )}
    </Card>
  );
}
