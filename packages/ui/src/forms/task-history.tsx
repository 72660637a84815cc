// decisions D9: completions are kept. The edit form of a task marked done before says when: how
// many times in all, and the latest, newest first, each when it was marked done (on the person's
// clock) and the date it closed (as typed, D6). A skipped occurrence is listed the same way, said
// to be skipped, and counted apart. A task never marked done nor skipped shows nothing.
import {
  type TaskHistory,
  formatDate,
  formatMomentDate,
  instantOf,
  isAllDay,
} from "@life-admin/domain";
import { useId } from "react";
import styles from "./task-history.module.css";

/** The list's heading: what it holds. */
function headingOf({ total, skips }: TaskHistory): string {
  if (skips === 0) return "Done before";
  return skips === total ? "Skipped before" : "Done or skipped before";
}

/** "Mon, 30 Nov 2026, 9:14" (en-GB): when it was marked done. */
const MOMENT = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
} as const;
const DAY = { weekday: "short", day: "numeric", month: "short", year: "numeric" } as const;

/** "once", "1,204 times", in the person's number format. */
function timesText(count: number, locale?: string): string {
  return count === 1 ? "once" : `${count.toLocaleString(locale)} times`;
}

/** "Marked done 3 times", "Marked done once, skipped 2 times", "Skipped once". */
function summaryText({ total, skips }: TaskHistory, locale?: string): string {
  const done = total - skips;
  const marked = `Marked done ${timesText(done, locale)}`;
  if (skips === 0) return marked;
  if (done === 0) return `Skipped ${timesText(skips, locale)}`;
  return `${marked}, skipped ${timesText(skips, locale)}`;
}

/** The date an occurrence was due, with its time when it had one (not all day). */
function dueText(dueDate: string, locale?: string): string {
  const timed = !isAllDay(instantOf(dueDate));
  return formatDate(dueDate, locale, timed ? { ...DAY, hour: "numeric", minute: "2-digit" } : DAY);
}

export interface TaskHistoryListProps {
  history: TaskHistory;
  locale?: string;
  /** The person's IANA time zone, whose clock says when it was marked done. */
  timeZone?: string;
}

export function TaskHistoryList({ history, locale, timeZone }: TaskHistoryListProps) {
  const headingId = useId();
  if (history.total === 0) return null;
  const earlier = history.total - history.completions.length;
  return (
    <section aria-labelledby={headingId} className={styles.history}>
      <h3 id={headingId} className={styles.heading}>
        {headingOf(history)}
      </h3>
      <p className={styles.summary}>{summaryText(history, locale)}</p>
      <ol className={styles.list}>
        {history.completions.map((completion) => (
          <li key={`${completion.completed_at} ${completion.due_date}`}>
            <time dateTime={completion.completed_at}>
              {formatMomentDate(completion.completed_at, locale, timeZone, MOMENT)}
            </time>
            <span className={styles.due}>
              {completion.skipped ? " · skipped, due " : " · due "}
              {dueText(completion.due_date, locale)}
            </span>
          </li>
        ))}
      </ol>
      {earlier > 0 && (
        <p className={styles.summary}>and {earlier.toLocaleString(locale)} earlier</p>
      )}
    </section>
  );
}
