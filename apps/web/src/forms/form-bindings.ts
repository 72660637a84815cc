// The ui's fields bound to a react-hook-form form: each control registered by name, each message
// read from the form's state (read during render, so the form re-renders when one changes).
import type { FormBindings } from "@life-admin/ui";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

export function bindingsOf<Values extends FieldValues, Body>(
  form: UseFormReturn<Values, unknown, Body>,
): FormBindings<Path<Values>> {
  return {
    bind: (name) => form.register(name),
    error: (name) => form.getFieldState(name, form.formState).error?.message,
  };
}
