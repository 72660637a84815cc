// issue 18: the question before the Add or Edit form is closed (Escape, the overlay, Close or its
// Cancel) with something typed in it: an alert dialog whose first button, focused when it opens,
// goes back to the form, so a stray Escape or a misclick outside loses nothing.
import { ConfirmDialog } from "../base/confirm-dialog";

export interface DiscardDialogProps {
  open: boolean;
  /** Whether the form edits a record (its changes are lost) or adds one (what was typed is). */
  editing: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the overlay and the Close button: back to the form as it was. */
  onCancel: () => void;
}

export function DiscardDialog({ open, editing, onConfirm, onCancel }: DiscardDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard what you typed?"
      text={
        editing
          ? "Your changes in this form are not saved and will be lost."
          : "What you typed in this form will be lost."
      }
      confirm="Discard"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
