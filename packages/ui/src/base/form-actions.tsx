import { Button } from "./button";
import styles from "./form-actions.module.css";

// spec 2: the Add New Task/Subscription modal's buttons.
export const CANCEL_LABEL = "Cancel";
export const ADDING_LABEL = "Adding...";
export const TASK_SUBMIT_LABEL = "Save and add to calendar";
export const SUBSCRIPTION_SUBMIT_LABEL = "Add to Subscriptions";

export interface FormActionsProps {
  /** The primary (submit) button's text, e.g. TASK_SUBMIT_LABEL. */
  submitLabel: string;
  onCancel: () => void;
  /** While saving the primary button reads `busyText` and is disabled. */
  busy?: boolean;
  busyText?: string;
  cancelLabel?: string;
}

/** Cancel and submit, placed inside a <form> so that the submit button submits it. */
export function FormActions({
  submitLabel,
  onCancel,
  busy = false,
  busyText = ADDING_LABEL,
  cancelLabel = CANCEL_LABEL,
}: FormActionsProps) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" busy={busy} busyText={busyText}>
        {submitLabel}
      </Button>
    </div>
  );
}
