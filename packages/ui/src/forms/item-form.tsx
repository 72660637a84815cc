// spec 2: the frame both tabs of Add New Task/Subscription share: a form that the app validates
// itself (noValidate; `required` stays for assistive technology), its fields one under another,
// and Cancel with the tab's submit button at the end. issue 18: the same form edits a record
// ("Save changes", "Saving...", and, for the record's owner, Delete at the start of its buttons).
import type { ComponentProps, ReactNode } from "react";
import { FieldStack } from "../base/field";
import { ADDING_LABEL, FormActions, SAVE_CHANGES_LABEL, SAVING_LABEL } from "../base/form-actions";

/**
 * What the app does with an item form: submit it, show it busy meanwhile, cancel it, and for a
 * form editing a record (issue 18), delete the record.
 */
export interface FormSubmission {
  busy: boolean;
  onSubmit: NonNullable<ComponentProps<"form">["onSubmit"]>;
  onCancel: () => void;
  /** The form edits a record: "Edit task", "Save changes". */
  editing?: boolean;
  /**
   * An edited record's Delete, given to its owner only (issue 23: another member may edit a
   * shared record, never delete it).
   */
  onDelete?: () => void;
}

export interface ItemFormProps extends FormSubmission {
  /** The form's accessible name: "Add a task", "Edit task". */
  label: string;
  /** The submit button's text when adding; an edit reads "Save changes". */
  submitLabel: string;
  /** The delete button's text when editing: "Delete task". */
  deleteLabel: string;
  /** Another action on the record being edited, beside Delete. */
  extraAction?: ReactNode;
  /**
   * What the dialog shows after the form's buttons, outside the form: what loads after it opens
   * (a task's history) goes there, so that nothing it brings moves the fields or the buttons.
   */
  after?: ReactNode;
  children: ReactNode;
}

export function ItemForm({
  label,
  submitLabel,
  deleteLabel,
  busy,
  onSubmit,
  onCancel,
  editing = false,
  onDelete,
  extraAction,
  after,
  children,
}: ItemFormProps) {
  const form = (
    <form aria-label={label} noValidate onSubmit={onSubmit}>
      <FieldStack>
        {children}
        <FormActions
          submitLabel={editing ? SAVE_CHANGES_LABEL : submitLabel}
          busyText={editing ? SAVING_LABEL : ADDING_LABEL}
          busy={busy}
          onCancel={onCancel}
          onDelete={onDelete}
          deleteLabel={deleteLabel}
          extraAction={editing && extraAction}
        />
      </FieldStack>
    </form>
  );
  if (after === undefined) return form;
  return (
    <>
      {form}
      {after}
    </>
  );
}
