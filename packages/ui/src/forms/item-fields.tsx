// The fields both Add forms draw: the item's name, a required date, a choice from a list and how
// often it repeats (Repeat every). The fields only one form has are drawn in that form.
import { type Frequency, REPEAT_INTERVAL_MAX, repeatUnit } from "@life-admin/domain";
import type { ReactNode } from "react";
import { CountInput, Select, type SelectOption, TextInput } from "../base/controls";
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

/**
 * decisions D9: every how many of the frequency's units it comes back, as an organiser asks it:
 * "Repeat every [2] weeks", the unit agreeing with the number typed and the frequency chosen.
 */
export function RepeatEveryField({
  frequency,
  interval,
  field: { binding, error, flag },
}: {
  field: BoundField;
  /** The frequency chosen now: what the number counts. */
  frequency: Frequency;
  /** The number as typed now (the field's text), which the unit agrees with. */
  interval: string;
}) {
  return (
    <Field label="Repeat every" error={error} flag={flag}>
      {(control) => (
        <CountInput
          {...control}
          {...binding}
          unit={repeatUnit(frequency, Number(interval))}
          min={1}
          max={REPEAT_INTERVAL_MAX}
          required
        />
      )}
    </Field>
  );
}
