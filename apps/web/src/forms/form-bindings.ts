// The ui's Add forms driven by react-hook-form: each control registered by name, each message read
// from the form's state (read during render, so the form re-renders when one changes), and the
// submit handled by the form's own validation.
import type { FormBindings, FormSubmission } from "@life-admin/ui";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * `dependents`: the fields a field's change checks again, once the form has been submitted (a
 * message that reads another field's value goes when that field is put right).
 */
export function bindingsOf<Values extends FieldValues, Body>(
  form: UseFormReturn<Values, unknown, Body>,
  dependents: Partial<Record<Path<Values>, Path<Values>[]>> = {},
): FormBindings<Path<Values>> {
  return {
    bind: (name) => {
      const deps = dependents[name];
      return form.register(name, deps === undefined ? undefined : { deps });
    },
    error: (name) => form.getFieldState(name, form.formState).error?.message,
  };
}

/** Submits `form`: `onValid` gets the API body once every field is valid; busy meanwhile. */
export function submissionOf<Values extends FieldValues, Body>(
  form: UseFormReturn<Values, unknown, Body>,
  onValid: (body: Body) => Promise<void>,
  onCancel: () => void,
): FormSubmission {
  return {
    busy: form.formState.isSubmitting,
    onSubmit: (event) => {
      void form.handleSubmit(onValid)(event);
    },
    onCancel,
  };
}
