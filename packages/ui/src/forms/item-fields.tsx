// The fields both Add forms draw: the item's name, a required date and a choice from a list. The
// fields only one form has are drawn in that form.
import type { ReactNode } from "react";
import { Select, type SelectOption, TextInput } from "../base/controls";
import { Field } from "../base/field";
import type { BoundField } from "./form-bindings";

interface ItemFieldProps {
  label: string;
  /** The field's binding and message (`boundFields(fields)(name)`). */
  field: BoundField;
}

/** What the item is called ("Task Title", "Subscription Name"): required, never autofilled. */
export function ItemNameField({
  label,
  placeholder,
  field: { binding, error, flag },
}: ItemFieldProps & { placeholder: string }) {
  return (
    <Field label={label} error={error} flag={flag}>
      {(control) => (
        <TextInput
          {...control}
          {...binding}
          placeholder={placeholder}
          autoComplete="off"
          required
        />
      )}
    </Field>
  );
}

/** A required calendar date (the date input's own picker). */
export function DateField({ label, field: { binding, error, flag } }: ItemFieldProps) {
  return (
    <Field label={label} error={error} flag={flag}>
      {(control) => <TextInput {...control} {...binding} type="date" required />}
    </Field>
  );
}

/** One of `options`, with what the label has beside it (a badge). */
export function ChoiceField({
  field: { binding, error, flag },
  options,
  ...field
}: ItemFieldProps & { options: readonly SelectOption[]; aside?: ReactNode }) {
  return (
    <Field {...field} error={error} flag={flag}>
      {(control) => <Select {...control} {...binding} options={options} />}
    </Field>
  );
}
