// Test-only: what a form's schema says about values, as the form shows it: each field's message
// by its name ({} when the values are accepted).
import type * as z from "zod/mini";

export function formMessages(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}
