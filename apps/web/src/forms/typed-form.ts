// Whether the Add or Edit dialog holds something the person typed: its forms' values against what
// they started from, and a sharing choice. Both what is kept when a session ends (use-kept-form.ts)
// and the question before closing (item-dialog.tsx) ask it. It reads the values, not
// react-hook-form's formState, whose dirty flags are worked out only for what a render subscribed
// to, so read in a handler they can be stale.
import type { SharingChoice } from "@life-admin/ui";
import type { SubscriptionFormValues } from "./subscription-form-schema";
import type { TaskFormValues } from "./task-form-schema";

export interface DialogForms {
  task: TaskFormValues;
  subscription: SubscriptionFormValues;
}

/** The dialog's two forms, as react-hook-form reads them now. */
export interface DialogFormReaders {
  task: { getValues: () => TaskFormValues };
  subscription: { getValues: () => SubscriptionFormValues };
}

/** Whether a form's values are still the ones it started from. */
function untouched<Values extends object>(values: Values, start: Values): boolean {
  return Object.entries(start).every(([name, value]) => values[name as keyof Values] === value);
}

/** Whether `forms` or the sharing chosen (null: none) differ from what the dialog started with. */
export function holdsTyping(
  forms: DialogFormReaders,
  sharing: SharingChoice | null,
  start: DialogForms,
): boolean {
  return (
    sharing !== null ||
    !untouched(forms.task.getValues(), start.task) ||
    !untouched(forms.subscription.getValues(), start.subscription)
  );
}
