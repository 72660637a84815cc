// spec 2: the All Tasks modal, a card grid in the domain's priority order (High, Medium, Low).
import { type Task, formatDate, sortTasksByPriority } from "@life-admin/domain";
import { PriorityBadge } from "../base/badge";
import { Modal } from "../base/modal";
import { NO_TASKS_TEXT } from "../dashboard/tasks-summary";
import styles from "./item-grid.module.css";

export const ALL_TASKS_TITLE = "All Tasks";

export interface AllTasksModalProps {
  open: boolean;
  onClose: () => void;
  tasks: readonly Task[];
  locale?: string;
}

export function AllTasksModal({ open, onClose, tasks, locale }: AllTasksModalProps) {
  const sorted = sortTasksByPriority(tasks);
  return (
    <Modal open={open} onClose={onClose} title={ALL_TASKS_TITLE} size="large" focusableBody>
      {sorted.length === 0 ? (
        <p className={styles.empty}>{NO_TASKS_TEXT}</p>
      ) : (
        <ul className={styles.grid}>
          {sorted.map((task) => (
            <li key={task.id} className={styles.item}>
              <div className={styles.header}>
                <h3 className={styles.title}>{task.title}</h3>
                <PriorityBadge priority={task.priority} />
              </div>
              {task.description && <p className={styles.description}>{task.description}</p>}
              <div className={styles.facts}>
                <p className={styles.fact}>
                  <span className={styles.factLabel}>Due Date:</span>{" "}
                  {formatDate(task.due_date, locale)}
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
            </li>
          ))}
        </ul>
      )}
    </Modal>
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
