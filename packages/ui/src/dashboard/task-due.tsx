// What a listed task says of its due date (decisions D6): "Due: {date}", or, once its due moment
// has passed while it is pending, "Overdue since {date}", as the bell says it (issue 20), by the
// bell's own rule (domain isOverdue). The words say it; the bold and the colour only repeat it. A
// recurring task says how often first ("Every 2 weeks · Due: {date}", domain repeatLabel), as a
// subscription's row says it before its next renewal: the bins every two weeks are told from a
// weekly chore without opening them. A series with an end says so ("Weekly until {date}"), and one
// that has ended says "Ended" where a date would be: its due date is past its end, no occurrence.
import {
  type Task,
  formatDate,
  instantOf,
  isOverdue,
  pastRepeatEnd,
  repeatLabel,
} from "@life-admin/domain";
import type { ReactNode } from "react";
import { untilText } from "./event-time";
import "./task-due.css";

type DueOf = Pick<Task, "due_date" | "completed">;

/** What an ended series says where its date would be: it has no occurrence left. */
export const SERIES_ENDED = "Ended";

/** A pending task whose due moment has passed at `now` (the person's wall clock, D6, in ms). */
export function isLate({ due_date, completed }: DueOf, now: number): boolean {
  return !completed && isOverdue(instantOf(due_date), now);
}

type ScheduleOf = DueOf & Pick<Task, "frequency" | "interval" | "repeat_until">;

/** A recurring task whose series has ended: completed, its due date past its end (D9). */
export function seriesEnded(task: ScheduleOf): boolean {
  return task.completed && pastRepeatEnd(instantOf(task.due_date), task.repeat_until);
}

/** How often a recurring task comes back, and until when: "Every 2 weeks until 3/31/2027". */
export function repeatText(
  {
    frequency,
    interval,
    repeat_until: until,
  }: Omit<ScheduleOf, "frequency"> & {
    frequency: Exclude<Task["frequency"], "Once">;
  },
  locale?: string,
): string {
  return `${repeatLabel({ frequency, interval })}${untilText(until, locale)}`;
}

/** `now`: the person's wall clock, written as UTC fields (D6), in ms. */
export function taskDue(task: ScheduleOf, now: number, locale?: string): ReactNode {
  const date = formatDate(task.due_date, locale);
  const due = isLate(task, now) ? (
    <strong data-overdue="">Overdue since {date}</strong>
  ) : (
    <span>Due: {date}</span>
  );
  const { frequency } = task;
  if (frequency === "Once") return due;
  return (
    <>
      <span>{repeatText({ ...task, frequency }, locale)} · </span>
      {seriesEnded(task) ? <span>{SERIES_ENDED}</span> : due}
    </>
  );
}
