// spec 2: the Subscription tab of Add New Task/Subscription, drawn by the ui's SubscriptionFields
// and filled by react-hook-form; its two Frequency selects share the one value.
import type { SubscriptionCreate } from "@life-admin/domain";
import { ItemForm, SUBSCRIPTION_SUBMIT_LABEL, SubscriptionFields } from "@life-admin/ui";
import { useController } from "react-hook-form";
import type { AddFormProps } from "./add-form-props";
import { bindingsOf } from "./form-bindings";
import type { SubscriptionFormValues } from "./subscription-form-schema";

export type SubscriptionFormProps = AddFormProps<SubscriptionFormValues, SubscriptionCreate>;

export function SubscriptionForm({ form, onSubmit, onCancel }: SubscriptionFormProps) {
  const { field: frequency } = useController({ control: form.control, name: "frequency" });
  return (
    <ItemForm
      label="Add a subscription"
      submitLabel={SUBSCRIPTION_SUBMIT_LABEL}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => {
        void form.handleSubmit(onSubmit)(event);
      }}
      onCancel={onCancel}
    >
      <SubscriptionFields fields={bindingsOf(form)} frequency={frequency} />
    </ItemForm>
  );
}
