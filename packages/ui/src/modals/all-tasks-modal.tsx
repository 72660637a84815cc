// spec 2: the All Tasks modal, a card grid in the domain's priority order (High, Medium, Low), and
// issue 18: within a priority the pending before the completed as the modal opened (so "Review
// Now" shows the pending High tasks first, and a task marked done stays where it is until the next
// opening or choice of To do and Done, task-filter.ts); each card's name opens its edit form and
// its round button marks it done or not done.
// issue 19: a card offers "Download .ics" when the app gives it the action. A pending task whose
// due moment has passed says "Overdue" where the others say "Pending", by the dashboard's rule.
// A search finds tasks by the words of their title, notes and category (list-search.tsx).
import { type Task, formatDate, sortTasksByPriority } from "@life-admin/domain";
import { useMemo } from "react";
import { PriorityBadge } from "../base/badge";
import { Button } from "../base/button";
import { ErrorBanner } from "../base/error-banner";
import { Modal } from "../base/modal";
import { SegmentedControl } from "../base/segmented-control";
import { VisuallyHidden } from "../base/visually-hidden";
import { DOWNLOAD_ICS_LABEL, type ItemActions } from "../dashboard/item-actions";
import { useItemControls } from "../dashboard/item-rows";
import { SERIES_ENDED, isLate, repeatText, seriesEnded } from "../dashboard/task-due";
import { NO_TASKS_TEXT } from "../dashboard/tasks-summary";
import { ItemGrid } from "./item-grid";
import styles from "./item-grid.module.css";
import { noMatchText, searchCount, useListQuery, useSearchedRecords } from "./list-query";
import { ListSearch, ScrollToTopOn } from "./list-search";
import {
  EMPTY_FILTER_TEXT,
  elsewhereText,
  FILTERED_TASKS,
  TASK_FILTER_LABEL,
  TASK_FILTERS,
  type TaskFilter,
  useTaskFilter,
} from "./task-filter";

export const ALL_TASKS_TITLE = "All Tasks";
export const SEARCH_TASKS_LABEL = "Search tasks";

const searchedPartsOf = (task: Task) => [task.title, task.description, task.category];

/** A card is about 115 CSS pixels tall, 145 with a line of description; rows are measured. */
const TASK_CARD_HEIGHT = 130;

export interface AllTasksModalProps {
  open: boolean;
  onClose: () => void;
  tasks: readonly Task[];
  /** The person's wall clock now (UTC fields, decisions D6), in ms: which tasks are overdue. */
  now: number;
  locale?: string;
  actions: ItemActions;
  /** A change the server refused (issue 18). */
  error?: string | null;
}

export function AllTasksModal({ open, onClose, error, tasks, ...list }: AllTasksModalProps) {
  const search = useListQuery(open);
  const filter = useTaskFilter(open, tasks);
  // What the words find under All (said when the choice hides all of it), then what it keeps.
  const found = useSearchedRecords(tasks, searchedPartsOf, search.shownQuery);
  const { keep } = filter;
  const shown = useMemo(() => keep(found), [keep, found]);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ALL_TASKS_TITLE}
      size="large"
      focusableBody
      pageNotices
      tools={
        tasks.length > 0 && (
          <ListSearch
            label={SEARCH_TASKS_LABEL}
            search={search}
            count={searchCount(
              shown.length,
              filter.keptCount,
              "task",
              search.shownQuery,
              list.locale,
            )}
            filters={
              <SegmentedControl
                label={TASK_FILTER_LABEL}
                options={TASK_FILTERS.map(({ value, label }) => ({
                  value,
                  label: (
                    <>
                      {label}{" "}
                      <span className={styles.filterCount}>
                        {filter.counts[value].toLocaleString(list.locale)}
                      </span>
                    </>
                  ),
                }))}
                value={filter.filter}
                onChange={filter.choose}
                className={styles.filters}
              />
            }
          />
        )
      }
      banner={<ErrorBanner message={error} className={styles.banner} />}
    >
      <ScrollToTopOn value={`${filter.filter} ${search.shownQuery}`} />
      <TaskGrid
        {...list}
        tasks={shown}
        doneWhenShown={filter.doneWhenShown}
        emptyText={emptyText(
          tasks.length,
          filter.filter,
          search.shownQuery,
          found.length,
          list.locale,
        )}
      />
    </Modal>
  );
}

/**
 * Why the list is empty: no tasks at all, none that the words find (or only under the other
 * choice, `foundInAll` of them under All), or none the choice keeps.
 */
function emptyText(
  total: number,
  filter: TaskFilter,
  query: string,
  foundInAll: number,
  locale: string | undefined,
): string {
  if (total === 0) return NO_TASKS_TEXT;
  if (query.trim() === "") return filter === "all" ? NO_TASKS_TEXT : EMPTY_FILTER_TEXT[filter];
  if (filter === "all" || foundInAll === 0) return noMatchText("tasks", query);
  return `${noMatchText(FILTERED_TASKS[filter], query)} ${elsewhereText(foundInAll, locale)}`;
}

interface TaskGridProps extends Omit<AllTasksModalProps, "open" | "onClose" | "error"> {
  doneWhenShown: ReadonlySet<number>;
  emptyText: string;
}

function TaskGrid({ tasks, doneWhenShown, now, locale, actions, emptyText }: TaskGridProps) {
  // Thousands of tasks: sort them when they change, not on every render of the dashboard. The
  // domain's order is stable: the pending ones given first stay first within each priority.
  const sorted = useMemo(() => {
    const done = (task: Task) => doneWhenShown.has(task.id);
    return sortTasksByPriority([...tasks.filter((task) => !done(task)), ...tasks.filter(done)]);
  }, [tasks, doneWhenShown]);
  return (
    <ItemGrid
      items={sorted}
      itemKey={(task) => task.id}
      renderItem={(task) => <TaskCard task={task} now={now} locale={locale} actions={actions} />}
      emptyText={emptyText}
      estimatedItemHeight={TASK_CARD_HEIGHT}
    />
  );
}

interface TaskCardProps {
  task: Task;
  now: number;
  locale: string | undefined;
  actions: ItemActions;
}

function TaskCard({ task, now, locale, actions }: TaskCardProps) {
  const { complete, title } = useItemControls({ ...task, kind: "task" }, actions);
  const download = actions.onTaskDownload;
  return (
    <>
      <div className={styles.header}>
        <div className={styles.named}>
          {complete}
          <h3 className={styles.title}>{title}</h3>
        </div>
        <PriorityBadge priority={task.priority} />
      </div>
      {task.description && <p className={styles.description}>{task.description}</p>}
      <div className={styles.facts}>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Due Date:</span>{" "}
          {seriesEnded(task) ? SERIES_ENDED : formatDate(task.due_date, locale)}
        </p>
        {task.frequency !== "Once" && (
          <p className={styles.fact}>
            <span className={styles.factLabel}>Repeats:</span>{" "}
            {repeatText({ ...task, frequency: task.frequency }, locale)}
          </p>
        )}
        {task.category && (
          <p className={styles.fact}>
            <span className={styles.factLabel}>Category:</span> {task.category}
          </p>
        )}
        <p className={styles.fact}>
          <span className={styles.factLabel}>Status:</span>{" "}
          <TaskStatus completed={task.completed} overdue={isLate(task, now)} />
        </p>
      </div>
      {download && (
        // Named with its task ("Download .ics for Renew passport"), not only described by it: a
        // screen reader's list of the page's buttons shows names alone, where a dozen bare
        // "Download .ics" could not be told apart. The words shown come first, for speech.
        <Button
          variant="ghost"
          size="small"
          className={styles.download}
          onClick={() => {
            download(task.id);
          }}
        >
          {DOWNLOAD_ICS_LABEL}{" "}
          <VisuallyHidden>
            for <bdi>{task.title}</bdi>
          </VisuallyHidden>
        </Button>
      )}
    </>
  );
}

/** spec 2: "✓ Completed" or "○ Pending" (or "! Overdue"); the symbol is drawn, the word is read. */
function TaskStatus({ completed, overdue }: { completed: boolean; overdue: boolean }) {
  if (overdue) {
    return (
      <span className={styles.overdue}>
        <span aria-hidden="true">!</span> Overdue
      </span>
    );
  }
  return completed ? (
    <span className={styles.completed}>
      <span aria-hidden="true">✓</span> Completed
    </span>
  ) : (
    <span className={styles.pending}>
      <span aria-hidden="true">○</span> Pending
    </span>
  );
}
