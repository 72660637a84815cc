import type { ReactNode } from "react";
import { Button } from "./button";
import styles from "./form-actions.module.css";

// spec 2: the Add New Task/Subscription modal's buttons.
export const CANCEL_LABEL = "Cancel";
export const ADDING_LABEL = "Adding...";
export const TASK_SUBMIT_LABEL = "Save and add to calendar";
export const SUBSCRIPTION_SUBMIT_LABEL = "Add to Subscriptions";
// issue 18: the same forms editing a record.
export const SAVE_CHANGES_LABEL = "Save changes";
export const SAVING_LABEL = "Saving...";

export interface FormActionsProps {
  /** The primary (submit) button's text, e.g. TASK_SUBMIT_LABEL. */
  submitLabel: string;
  onCancel: () => void;
  /** While saving the primary button reads `busyText` and is disabled. */
  busy?: boolean;
  busyText?: string;
  cancelLabel?: string;
  /** An edit form's delete button (issue 18), at the start of the row: `deleteLabel`. */
  onDelete?: () => void;
  deleteLabel?: string;
  /** Another action on the record (issue 19: a task's "Download .ics"), after Delete. */
  extraAction?: ReactNode;
}

/** Cancel and submit, placed inside a <form> so that the submit button submits it. */
export function FormActions({
  submitLabel,
  onCancel,
  busy = false,
  busyText = ADDING_LABEL,
  cancelLabel = CANCEL_LABEL,
  onDelete,
  deleteLabel,
  extraAction,
}: FormActionsProps) {
  return (
    <div className={styles.actions}>
      {onDelete && (
        <Button variant="ghost" className={styles.delete} disabled={busy} onClick={onDelete}>
          {deleteLabel}
        </Button>
      )}
      {extraAction}
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" busy={busy} busyText={busyText}>
        {submitLabel}
      </Button>
    </div>
  );
}
