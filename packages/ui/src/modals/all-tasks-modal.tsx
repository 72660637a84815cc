// spec 2: the All Tasks modal, a card grid in the domain's priority order (High, Medium, Low).
import { type Task, formatDate, sortTasksByPriority } from "@life-admin/domain";
import { useMemo } from "react";
import { PriorityBadge } from "../base/badge";
import { Modal } from "../base/modal";
import { NO_TASKS_TEXT } from "../dashboard/tasks-summary";
import { ItemGrid } from "./item-grid";
import styles from "./item-grid.module.css";

export const ALL_TASKS_TITLE = "All Tasks";

/** A card is about 115 CSS pixels tall, 145 with a line of description; rows are measured. */
const TASK_CARD_HEIGHT = 130;

export interface AllTasksModalProps {
  open: boolean;
  onClose: () => void;
  tasks: readonly Task[];
  locale?: string;
}

export function AllTasksModal({ open, onClose, tasks, locale }: AllTasksModalProps) {
  // Thousands of tasks: sort them when they change, not on every render of the dashboard.
  const sorted = useMemo(() => sortTasksByPriority(tasks), [tasks]);
  return (
    <Modal open={open} onClose={onClose} title={ALL_TASKS_TITLE} size="large" focusableBody>
      <ItemGrid
        items={sorted}
        itemKey={(task) => task.id}
        renderItem={(task) => <TaskCard task={task} locale={locale} />}
        emptyText={NO_TASKS_TEXT}
        estimatedItemHeight={TASK_CARD_HEIGHT}
      />
    </Modal>
  );
}

function TaskCard({ task, locale }: { task: Task; locale: string | undefined }) {
  return (
    <>
      <div className={styles.header}>
        <h3 className={styles.title}>{task.title}</h3>
        <PriorityBadge priority={task.priority} />
      </div>
      {task.description && <p className={styles.description}>{task.description}</p>}
      <div className={styles.facts}>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Due Date:</span> {formatDate(task.due_date, locale)}
        </p>
        {task.category && (
          <p className={styles.fact}>
            <span className={styles.factLabel}>Category:</span> {task.category}
          </p>
        )}
        <p className={styles.fact}>
          <span className={styles.factLabel}>Status:</span>{" "}
          <TaskStatus completed={task.completed} />
        </p>
      </div>
    </>
  );
}

/** spec 2: "✓ Completed" or "○ Pending"; the symbol is drawn, the word is read. */
function TaskStatus({ completed }: { completed: boolean }) {
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
