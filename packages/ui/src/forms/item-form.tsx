// spec 2: the frame both tabs of Add New Task/Subscription share: a form that the app validates
// itself (noValidate; `required` stays for assistive technology), its fields one under another,
// and Cancel with the tab's submit button at the end.
import type { ComponentProps, ReactNode } from "react";
import { FieldStack } from "../base/field";
import { FormActions } from "../base/form-actions";

/** What the app does with an Add form: submit it, show it busy meanwhile, or cancel it. */
export interface FormSubmission {
  busy: boolean;
  onSubmit: NonNullable<ComponentProps<"form">["onSubmit"]>;
  onCancel: () => void;
}

export interface ItemFormProps extends FormSubmission {
  /** The form's accessible name: "Add a task". */
  label: string;
  submitLabel: string;
  children: ReactNode;
}

export function ItemForm({
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  children,
}: ItemFormProps) {
  return (
    <form aria-label={label} noValidate onSubmit={onSubmit}>
      <FieldStack>
        {children}
        <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
      </FieldStack>
    </form>
  );
}
