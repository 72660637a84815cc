// What a listed task says of its due date (decisions D6): "Due: {date}", or, once its due moment
// has passed while it is pending, "Overdue since {date}", as the bell says it (issue 20), by the
// bell's own rule (domain isOverdue). The words say it; the bold and the colour only repeat it. A
// recurring task says how often first ("Every 2 weeks · Due: {date}", domain repeatLabel), as a
// subscription's row says it before its next renewal: the bins every two weeks are told from a
// weekly chore without opening them.
import { type Task, formatDate, instantOf, isOverdue, repeatLabel } from "@life-admin/domain";
import type { ReactNode } from "react";
import "./task-due.css";

type DueOf = Pick<Task, "due_date" | "completed">;

/** A pending task whose due moment has passed at `now` (the person's wall clock, D6, in ms). */
export function isLate({ due_date, completed }: DueOf, now: number): boolean {
  return !completed && isOverdue(instantOf(due_date), now);
}

/** `now`: the person's wall clock, written as UTC fields (D6), in ms. */
export function taskDue(
  task: DueOf & Pick<Task, "frequency" | "interval">,
  now: number,
  locale?: string,
): ReactNode {
  const date = formatDate(task.due_date, locale);
  const due = isLate(task, now) ? (
    <strong data-overdue="">Overdue since {date}</strong>
  ) : (
    <span>Due: {date}</span>
  );
  const { frequency, interval } = task;
  if (frequency === "Once") return due;
  return (
    <>
      <span>{repeatLabel({ frequency, interval })} · </span>
      {due}
    </>
  );
}
