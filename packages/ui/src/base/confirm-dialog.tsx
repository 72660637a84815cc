// The question before a change that cannot be undone (deleting a record, a new calendar-feed
// address, removing a household's member, leaving it): an alert dialog whose first button, Cancel,
// has focus when it opens, so that a stray Enter or a misclick loses nothing.
import { Button } from "./button";
import { Modal } from "./modal";
// The layout of a form's Cancel and submit, for the same two buttons here.
import styles from "./form-actions.module.css";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens, read with the title. */
  text: string;
  /** The confirming button's label ("Delete task", "Remove"). */
  confirm: string;
  onConfirm: () => void;
  /** Cancel, Escape, the overlay and the Close button. */
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={text}
      size="small"
      role="alertdialog"
    >
      <div className={styles.actions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </Modal>
  );
}
