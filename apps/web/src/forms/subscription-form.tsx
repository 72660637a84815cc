// spec 2: the Subscription tab of Add New Task/Subscription: Subscription Name, Next renewal
// Date, Frequency (shown twice, one value), Cost with "£" (decisions D7), Remind Me, the fixed
// "Medium Priority" badge, Assigned To, Cancelation link with its helper text and "Find".
import type { SubscriptionCreate } from "@life-admin/domain";
import { FREQUENCIES, REMINDER_OPTIONS } from "@life-admin/domain";
import {
  Badge,
  Button,
  Field,
  FieldRow,
  FieldStack,
  FormActions,
  InputGroup,
  MoneyInput,
  Select,
  SUBSCRIPTION_SUBMIT_LABEL,
  TextInput,
} from "@life-admin/ui";
import type { ChangeEvent } from "react";
import { useController } from "react-hook-form";
import type { AddFormProps } from "./add-form-props";
import type { SubscriptionFormValues } from "./subscription-form-schema";
import { ASSIGNEES } from "./task-form-schema";

export type SubscriptionFormProps = AddFormProps<SubscriptionFormValues, SubscriptionCreate>;

export function SubscriptionForm({ form, onSubmit, onCancel }: SubscriptionFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  // spec 2: Frequency appears twice, both selects bound to the one value.
  const { field: frequency } = useController({ control, name: "frequency" });
  const frequencySelect = {
    options: FREQUENCIES,
    name: frequency.name,
    value: frequency.value,
    onBlur: frequency.onBlur,
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      frequency.onChange(event.currentTarget.value);
    },
  };

  return (
    <form
      aria-label="Add a subscription"
      noValidate
      onSubmit={(event) => {
        void handleSubmit(onSubmit)(event);
      }}
    >
      <FieldStack>
        <Field label="Subscription Name" error={errors.name?.message}>
          {(control) => (
            <TextInput
              {...control}
              {...register("name")}
              placeholder="eg Netflix"
              autoComplete="off"
              required
            />
          )}
        </Field>
        <FieldRow>
          <Field label="Next renewal Date" error={errors.next_renewal_date?.message}>
            {(control) => (
              <TextInput {...control} {...register("next_renewal_date")} type="date" required />
            )}
          </Field>
          <Field label="Frequency" error={errors.frequency?.message}>
            {(control) => <Select {...control} {...frequencySelect} ref={frequency.ref} />}
          </Field>
        </FieldRow>
        <FieldRow>
          <Field label="Cost" error={errors.cost?.message}>
            {(control) => (
              <MoneyInput {...control} {...register("cost")} placeholder="0.00" required />
            )}
          </Field>
          <Field label="Frequency">
            {(control) => <Select {...control} {...frequencySelect} />}
          </Field>
        </FieldRow>
        <FieldRow>
          <Field label="Remind Me" error={errors.remind_me?.message}>
            {(control) => (
              <Select {...control} {...register("remind_me")} options={REMINDER_OPTIONS} />
            )}
          </Field>
          <Field label="Assigned To">
            {(control) => <Select {...control} {...register("assigned_to")} options={ASSIGNEES} />}
          </Field>
        </FieldRow>
        <div>
          {/* spec 3, 9: subscriptions are created with priority Medium. */}
          <Badge tone="medium" dot>
            Medium Priority
          </Badge>
        </div>
        <Field
          label="Cancelation link"
          hint="Where you cancel this subscription, if you know it."
          error={errors.cancel_link?.message}
        >
          {(control) => (
            <InputGroup>
              <TextInput
                {...control}
                {...register("cancel_link")}
                type="url"
                inputMode="url"
                placeholder="https://"
              />
              <Button
                variant="secondary"
                onClick={() => {
                  // spec 2: "Find" does nothing yet.
                  console.info("Finding a cancelation link is not available yet");
                }}
              >
                Find
              </Button>
            </InputGroup>
          )}
        </Field>
        <FormActions
          submitLabel={SUBSCRIPTION_SUBMIT_LABEL}
          busy={isSubmitting}
          onCancel={onCancel}
        />
      </FieldStack>
    </form>
  );
}
