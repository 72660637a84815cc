// The controls a listed task or subscription carries (issue 18), wherever it is listed: its name
// as a button that opens it for editing, and a task's "Mark done" / "Mark not done" (a
// subscription's Active switch is in active-switch.tsx: only All Subscriptions has it).
import { type MouseEvent, type ReactNode, useId } from "react";
import styles from "./item-controls.module.css";
import { focusHomeOf } from "./focus-home";

export const MARK_DONE_LABEL = "Mark done";
export const MARK_NOT_DONE_LABEL = "Mark not done";
/** decisions D10: how a paused subscription is shown. */
export const PAUSED_LABEL = "Paused";

/** A record's name: pressed, it opens the record's edit form (a dialog). */
export function ItemTitleButton({
  id,
  record,
  onClick,
  children,
}: {
  /** For the controls beside it, which it describes. */
  id?: string;
  /**
   * Which record it names ("task-3"): the form it opened closes onto the name, and where a change
   * made there moves the record (a new row in a list drawn anew), focus finds its name again
   * (data-focus-record: focus-keeper.ts).
   */
  record?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      id={id}
      data-focus-record={record}
      className={styles.title}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A press keeps focus on the control through what it changes (focus-keeper.ts, loaded then). */
export function keepFocus(event: MouseEvent<HTMLElement>): void {
  const control = event.currentTarget;
  // Read now: the control may have left its home by the time the keeper arrives.
  const home = focusHomeOf(control);
  void import("./focus-keeper").then((keeper) => {
    keeper.keepFocus(control, home);
  });
}

export interface ToggleProps {
  /**
   * The id of the record's name (ItemTitleButton), which the control's name ends with: "Mark done
   * Renew passport". A screen reader's list of a page's buttons shows names alone, where a dozen
   * bare "Mark done" could not be told apart.
   */
  titleId?: string;
}

/**
 * The props that name a control by its own words, then the record's (`titleId`): aria-labelledby
 * naming the control itself reads its own aria-label or content there (accname 1.2, 2C-2F).
 */
export function namedWithTitle(ownId: string, titleId: string | undefined) {
  return titleId === undefined ? {} : { id: ownId, "aria-labelledby": `${ownId} ${titleId}` };
}

/**
 * "Mark done" on a pending task, "Mark not done" on a completed one: the name says what a press
 * does, then which task ("Mark done Renew passport").
 */
export function CompleteButton({
  completed,
  onChange,
  titleId,
}: ToggleProps & { completed: boolean; onChange: (completed: boolean) => void }) {
  const ownId = useId();
  return (
    // The check mark is drawn by the style sheet.
    <button
      type="button"
      className={styles.complete}
      data-done={completed || undefined}
      aria-label={completed ? MARK_NOT_DONE_LABEL : MARK_DONE_LABEL}
      {...namedWithTitle(ownId, titleId)}
      onClick={(event) => {
        keepFocus(event);
        // A double-click's second click is no second press: after the first, a recurring task
        // moves on and the list re-sorts, and it would land on the next task and mark that one
        // done (a "Once" task's would mark it not done again). Keys and taps count 0 or 1.
        if (event.detail > 1) return;
        onChange(!completed);
      }}
    />
  );
}
