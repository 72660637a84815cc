// What a listed task says of its due date (decisions D6): "Due: {date}", or, once its due moment
// has passed while it is pending, "Overdue since {date}", as the bell says it (issue 20), by the
// bell's own rule (domain isOverdue). The words say it; the bold and the colour only repeat it.
import { type Task, formatDate, instantOf, isOverdue } from "@life-admin/domain";
import type { ReactNode } from "react";
import "./task-due.css";

type DueOf = Pick<Task, "due_date" | "completed">;

/** A pending task whose due moment has passed at `now` (the person's wall clock, D6, in ms). */
export function isLate({ due_date, completed }: DueOf, now: number): boolean {
  return !completed && isOverdue(instantOf(due_date), now);
}

/** `now`: the person's wall clock, written as UTC fields (D6), in ms. */
export function taskDue(task: DueOf, now: number, locale?: string): ReactNode {
  const date = formatDate(task.due_date, locale);
  return isLate(task, now) ? <strong data-overdue="">Overdue since {date}</strong> : `Due: ${date}`;
}
