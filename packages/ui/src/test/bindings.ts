// A form's bindings as a test draws it: each field starting from `values`, with `errors` beside
// them, and nothing listening.
import type { FormBindings } from "../forms/form-bindings";

export function plainBindings<Name extends string>(
  values: Partial<Record<Name, string>> = {},
  errors: Partial<Record<Name, string>> = {},
): FormBindings<Name> {
  return {
    bind: (name) => ({
      name,
      defaultValue: values[name] ?? "",
      onChange: () => undefined,
      onBlur: () => undefined,
      ref: () => undefined,
    }),
    error: (name) => errors[name],
  };
}
