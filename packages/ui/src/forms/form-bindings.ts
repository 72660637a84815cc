// What ties the ui's form fields to the form that owns their values, so that the fields are drawn
// here once and the web app's react-hook-form (or the preview's plain values) fills them.
import type { ChangeEvent, FocusEvent } from "react";

export type FormControlElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Spread onto a control: react-hook-form's `register(name)` is one. */
export interface FieldBinding {
  name: string;
  onChange: (event: ChangeEvent<FormControlElement>) => unknown;
  onBlur: (event: FocusEvent<FormControlElement>) => unknown;
  ref: (element: FormControlElement | null) => void;
  /** The value an uncontrolled control starts with (react-hook-form sets it through `ref`). */
  defaultValue?: string;
}

/** A form's fields by name: how each binds, and the message to show beside it. */
export interface FormBindings<Name extends string> {
  bind: (name: Name) => FieldBinding;
  error: (name: Name) => string | undefined;
  /** issue 21: "check this" for a value filled in from a document the assistant is unsure of. */
  flag?: (name: Name) => string | undefined;
}

/** One field's binding and messages together, as the fields both forms draw take them. */
export interface BoundField {
  binding: FieldBinding;
  error: string | undefined;
  flag?: string | undefined;
}

/** Each field by name, bound and with its messages: `const field = boundFields(fields)`. */
export function boundFields<Name extends string>({
  bind,
  error,
  flag,
}: FormBindings<Name>): (name: Name) => BoundField {
  return (name) => ({ binding: bind(name), error: error(name), flag: flag?.(name) });
}

/** One value shown by more than one control (spec 2: the subscription form's two Frequency). */
export interface SharedValue<Value extends string = string> {
  name: string;
  value: Value;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: (element: FormControlElement | null) => void;
}
