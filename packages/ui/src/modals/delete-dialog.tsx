// issue 18: the question before a task or subscription is deleted (which cannot be undone): an
// alert dialog whose first button, focused when it opens, is the one that keeps everything, so a
// stray Enter or a misclick loses nothing.
import { Button } from "../base/button";
import { Modal } from "../base/modal";
// The layout of a form's Cancel and submit, for the same two buttons here.
import styles from "../base/form-actions.module.css";
import type { AddItemTab } from "./add-item-modal";

export interface DeleteDialogProps {
  open: boolean;
  /** What is deleted: a task, a subscription or (issue 21) a stored file. */
  item: AddItemTab | "file";
  /** Its title or name, quoted in the question. */
  name: string;
  /** What else the person should know before ("What was made from it stays."). */
  consequence?: string;
  onConfirm: () => void;
  /** Cancel, Escape, the overlay and the Close button. */
  onCancel: () => void;
}

export function DeleteDialog({
  open,
  item,
  name,
  consequence,
  onConfirm,
  onCancel,
}: DeleteDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={`Delete this ${item}?`}
      description={`“${name}” will be deleted.${consequence ? ` ${consequence}` : ""} This cannot be undone.`}
      size="small"
      role="alertdialog"
    >
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {`Delete ${item}`}
        </Button>
      </div>
    </Modal>
  );
}
