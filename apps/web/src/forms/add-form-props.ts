// What each tab's form of Add New Task/Subscription is given: its react-hook-form instance (kept
// by the dialog, above the tabs), what to do with a valid body, and Cancel.
import type { FieldValues, UseFormReturn } from "react-hook-form";

export interface AddFormProps<Values extends FieldValues, Body> {
  form: UseFormReturn<Values, unknown, Body>;
  /** Called with the API body once the fields are valid. */
  onSubmit: (body: Body) => Promise<void>;
  onCancel: () => void;
}
