// What a listed task says of its due date (decisions D6): "Due: {date}", or, once its due moment
// has passed while it is pending, "Overdue since {date}", as the bell says it (issue 20), by the
// bell's own rule (domain isOverdue). The words say it; the bold and the colour only repeat it.
import { type Task, formatDate, instantOf, isOverdue } from "@life-admin/domain";
import type { ReactNode } from "react";
import "./task-due.css";

/** `now`: the person's wall clock, written as UTC fields (D6), in ms. */
export function taskDue(
  { due_date, completed }: Pick<Task, "due_date" | "completed">,
  now: number,
  locale?: string,
): ReactNode {
  const due = instantOf(due_date);
  const date = formatDate(due, locale);
  return !completed && isOverdue(due, now) ? (
    <strong data-overdue="">Overdue since {date}</strong>
  ) : (
    `Due: ${date}`
  );
}
