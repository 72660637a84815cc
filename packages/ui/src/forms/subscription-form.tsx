// spec 2: the Subscription tab of Add New Task/Subscription: Subscription Name, Next renewal Date,
// Frequency (shown twice, one value), Cost with the person's currency's sign (issue 22), Remind Me, Assigned To, the
// fixed "Medium Priority" badge, Cancelation link with its helper text and "Find". issue 18: the
// same form edits a subscription ("Edit subscription"). issue 23: in a household, Assigned To comes
// with Share with household (sharing-fields.tsx). It renews every so many of its frequency's units
// (Repeat every, after the Frequency beside the cost; decisions D9).
import {
  ASSIGNEES,
  DEFAULT_PRIORITY,
  FREQUENCIES,
  type Frequency,
  type Priority,
  REMINDER_OPTIONS,
  RepeatIntervalSchema,
  repeatLabel,
} from "@life-admin/domain/forms";
import { type ReactNode, useId } from "react";
import { PriorityBadge } from "../base/badge";
import { Button } from "../base/button";
import { MoneyInput, Select, TextInput } from "../base/controls";
import { Field, FieldRow, InputGroup } from "../base/field";
import { SUBSCRIPTION_SUBMIT_LABEL } from "../base/form-actions";
import { type FormBindings, type SharedValue, boundFields } from "./form-bindings";
import { ChoiceField, DateField, ItemNameField, RepeatEveryField } from "./item-fields";
import { type FormSubmission, ItemForm } from "./item-form";

/** What the second Frequency select says of itself to a screen reader. */
const SAME_FREQUENCY_TEXT = "The same as the Frequency above: changing either changes both.";

export type SubscriptionFieldName =
  | "name"
  | "next_renewal_date"
  | "frequency"
  | "interval"
  | "cost"
  | "remind_me"
  | "assigned_to"
  | "cancel_link";

export interface SubscriptionFormProps extends FormSubmission {
  fields: FormBindings<SubscriptionFieldName>;
  /** spec 2: both Frequency selects show and set this one value. */
  frequency: SharedValue<Frequency>;
  /** Repeat every as typed now, which its unit agrees with ("1 month", "3 months"). */
  interval: string;
  /** The badge's priority: Medium for a new one (spec 3, 9), the subscription's own in an edit. */
  priority?: Priority;
  /** The sign before the cost: the person's currency's ("£", "€"), issue 22. */
  currencySymbol: string;
  /** The cost's placeholder: zero with the currency's decimals, as the person writes it ("0,00"). */
  costPlaceholder?: string;
  /** issue 23: Share with household and Assigned To (SharingFields) in place of Myself alone. */
  sharing?: ReactNode;
}

export function SubscriptionForm({
  fields,
  frequency: { ref, onChange, ...frequency },
  interval,
  priority = DEFAULT_PRIORITY,
  currencySymbol,
  costPlaceholder = "0.00",
  sharing,
  ...submission
}: SubscriptionFormProps) {
  const field = boundFields(fields);
  const sameFrequencyId = useId();
  const frequencySelect = {
    ...frequency,
    options: FREQUENCIES,
    onChange: (event: { currentTarget: { value: string } }) => {
      onChange(event.currentTarget.value);
    },
  };
  // Beside the cost, the same choice says the whole schedule ("Every 3 months"), so that the cost
  // does not read as a month's when it is a quarter's; the one above names the frequency alone.
  const every = Number(interval);
  const schedule = RepeatIntervalSchema.safeParse(every).success ? every : 1;
  const perCostOptions = FREQUENCIES.map((value) => ({
    value,
    label: repeatLabel({ frequency: value, interval: schedule }),
  }));
  return (
    <ItemForm
      label={submission.editing ? "Edit subscription" : "Add a subscription"}
      submitLabel={SUBSCRIPTION_SUBMIT_LABEL}
      deleteLabel="Delete subscription"
      {...submission}
    >
      <ItemNameField label="Subscription Name" placeholder="eg Netflix" field={field("name")} />
      <FieldRow>
        <DateField label="Next renewal Date" field={field("next_renewal_date")} />
        <Field
          label="Frequency"
          error={fields.error("frequency")}
          flag={fields.flag?.("frequency")}
        >
          {(control) => <Select {...control} {...frequencySelect} ref={ref} />}
        </Field>
      </FieldRow>
      <FieldRow>
        <Field label="Cost" error={fields.error("cost")} flag={fields.flag?.("cost")}>
          {(control) => (
            <MoneyInput
              {...control}
              {...fields.bind("cost")}
              currencySymbol={currencySymbol}
              placeholder={costPlaceholder}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field label="Frequency">
          {(control) => (
            <>
              <Select
                {...control}
                {...frequencySelect}
                options={perCostOptions}
                aria-describedby={sameFrequencyId}
              />
              {/* Seen side by side, the two are plainly one value; heard one after the other,
                  two fields named "Frequency" sound like two settings to make. Hidden, it is
                  said as the select's description only, not read again after it. */}
              <span id={sameFrequencyId} hidden>
                {SAME_FREQUENCY_TEXT}
              </span>
            </>
          )}
        </Field>
      </FieldRow>
      <FieldRow>
        <RepeatEveryField
          frequency={frequency.value}
          interval={interval}
          field={field("interval")}
        />
        <ChoiceField label="Remind Me" options={REMINDER_OPTIONS} field={field("remind_me")} />
      </FieldRow>
      {sharing ?? (
        <ChoiceField label="Assigned To" options={ASSIGNEES} field={field("assigned_to")} />
      )}
      <div>
        {/* spec 3, 9: subscriptions are created with priority Medium. */}
        <PriorityBadge priority={priority} />
      </div>
      <Field
        label="Cancelation link"
        hint="Where you cancel this subscription, if you know it."
        error={fields.error("cancel_link")}
      >
        {(control) => (
          <InputGroup>
            <TextInput
              {...control}
              {...fields.bind("cancel_link")}
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
    </ItemForm>
  );
}
