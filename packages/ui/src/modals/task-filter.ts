// All Tasks' To do and Done: a year of finished one-off tasks no longer stands between a person
// and what is left to do (the list's order puts a done High task before a pending Medium one).
// "All" is the spec's list, and where each opening starts, so that Review Now always shows the
// pending High tasks first. A task is placed by whether it was done when the list opened or the
// choice was made, not by its state now: one marked done in "To do" stays, with its Undo, until
// the next choice or opening.
import type { Task } from "@life-admin/domain";
import { useCallback, useMemo, useState } from "react";
import { useOnOpening } from "./list-query";

export type TaskFilter = "all" | "todo" | "done";

export const TASK_FILTER_LABEL = "Show";
export const TASK_FILTERS: readonly { value: TaskFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "todo", label: "To do" },
  { value: "done", label: "Done" },
];

/** What the list says when a filter leaves nothing (no search typed). */
export const EMPTY_FILTER_TEXT: Record<Exclude<TaskFilter, "all">, string> = {
  todo: "Nothing to do: every task is done.",
  done: "No task is done yet.",
};

/** The tasks a choice keeps, as a search that finds none of them names them. */
export const FILTERED_TASKS: Record<Exclude<TaskFilter, "all">, string> = {
  todo: "tasks to do",
  done: "done tasks",
};

/** The words found only under the other choice: where to see them. */
export function elsewhereText(count: number, locale: string | undefined): string {
  return count === 1
    ? "1 other task does: choose All to see it."
    : `${count.toLocaleString(locale)} other tasks do: choose All to see them.`;
}

const doneIds = (tasks: readonly Task[]) =>
  new Set(tasks.filter((task) => task.completed).map((task) => task.id));

export interface TaskFilterState {
  filter: TaskFilter;
  choose: (filter: TaskFilter) => void;
  /** The tasks of `records` the filter keeps, in their order. */
  keep: (records: readonly Task[]) => readonly Task[];
  /** How many of all the tasks the filter keeps. */
  keptCount: number;
  /** The ids done when the list opened or the filter was chosen: the list's order and filter. */
  doneWhenShown: ReadonlySet<number>;
  /** How many tasks each choice holds now. */
  counts: Record<TaskFilter, number>;
}

export function useTaskFilter(open: boolean, tasks: readonly Task[]): TaskFilterState {
  const [filter, setFilter] = useState<TaskFilter>("all");
  const [doneWhenShown, setDoneWhenShown] = useState(() => doneIds(tasks));
  const choose = (next: TaskFilter) => {
    setFilter(next);
    setDoneWhenShown(doneIds(tasks));
  };
  useOnOpening(open, () => {
    choose("all");
  });
  const keep = useCallback(
    (records: readonly Task[]) =>
      filter === "all"
        ? records
        : records.filter((task) => doneWhenShown.has(task.id) === (filter === "done")),
    [filter, doneWhenShown],
  );
  const keptCount = useMemo(() => keep(tasks).length, [keep, tasks]);
  const done = useMemo(() => tasks.filter((task) => task.completed).length, [tasks]);
  return {
    filter,
    choose,
    keep,
    keptCount,
    doneWhenShown,
    counts: { all: tasks.length, todo: tasks.length - done, done },
  };
}
