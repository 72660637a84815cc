// The add and edit dialog's side of kept-form.ts: opened on a kept form, it gives what was typed
// back into the forms; open when the session ends with something typed in it, it keeps it for
// this tab (the app is about to leave the page for the sign-up page).
import { useEffect } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { useServices } from "../use-services";
import { type KeptForm, keepForm, keptValues } from "./kept-form";
import type { SubscriptionFormValues } from "./subscription-form-schema";
import type { TaskFormValues } from "./task-form-schema";
import { type DialogForms, holdsTyping } from "./typed-form";

type Form<Values extends FieldValues> = Pick<UseFormReturn<Values>, "getValues" | "setValue">;

/** What was typed, over what the form starts from, each field changed as if typed again. */
function giveBack<Values extends FieldValues>(form: Form<Values>, start: Values, kept: unknown) {
  for (const [name, value] of Object.entries(keptValues(start, kept))) {
    if (value !== start[name]) {
      form.setValue(name as Path<Values>, value as PathValue<Values, Path<Values>>, {
        shouldDirty: true,
      });
    }
  }
}

export interface KeptFormOptions {
  open: boolean;
  /** The form given back, if the dialog was opened on one. */
  kept: KeptForm | undefined;
  forms: { task: Form<TaskFormValues>; subscription: Form<SubscriptionFormValues> };
  /** What the forms started from (the record edited, the document's proposal, or nothing). */
  start: DialogForms;
  /** The rest of what would be kept now: whose, the tab, the record or document, the sharing. */
  context: () => Omit<KeptForm, "task" | "subscription">;
}

export function useKeptForm({ open, kept, forms, start, context }: KeptFormOptions): void {
  const { session } = useServices();
  useEffect(() => {
    if (kept === undefined) return;
    giveBack(forms.task, start.task, kept.task);
    giveBack(forms.subscription, start.subscription, kept.subscription);
  }, [kept, forms.task, forms.subscription, start]);
  useEffect(() =>
    session.subscribe(() => {
      if (!open || session.isSignedIn()) return;
      const rest = context();
      if (holdsTyping(forms, rest.sharing, start)) {
        keepForm({
          ...rest,
          task: forms.task.getValues(),
          subscription: forms.subscription.getValues(),
        });
      }
    }),
  );
}
