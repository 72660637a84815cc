// spec 2: the frame both tabs of Add New Task/Subscription share: a form that the app validates
// itself (noValidate; `required` stays for assistive technology), its fields one under another,
// and Cancel with the tab's submit button at the end. issue 18: the same form edits a record
// ("Save changes", "Saving...", and Delete at the start of its buttons).
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
  /** Given only when the form edits a record: the form then saves changes. */
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
  children: ReactNode;
}

export function ItemForm({
  label,
  submitLabel,
  deleteLabel,
  busy,
  onSubmit,
  onCancel,
  onDelete,
  extraAction,
  children,
}: ItemFormProps) {
  const editing = onDelete !== undefined;
  return (
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
}
