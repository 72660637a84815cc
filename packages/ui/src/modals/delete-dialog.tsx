// issue 18: the question before a task or subscription is deleted (which cannot be undone): an
// alert dialog whose first button, focused when it opens, is the one that keeps everything, so a
// stray Enter or a misclick loses nothing.
import { ConfirmDialog } from "../base/confirm-dialog";
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
    <ConfirmDialog
      open={open}
      title={`Delete this ${item}?`}
      text={`“${name}” will be deleted.${consequence ? ` ${consequence}` : ""} This cannot be undone.`}
      confirm={`Delete ${item}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
