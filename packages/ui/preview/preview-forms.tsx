// The Add forms as the product draws them (TaskForm, SubscriptionForm), their controls holding
// plain values here instead of the web app's react-hook-form. Preview only: these forms submit
// nowhere.
import {
  ASSIGNEES,
  DEFAULT_FREQUENCY,
  DEFAULT_PRIORITY,
  DEFAULT_REMINDER_OPTION,
  type Frequency,
  type Priority,
} from "@life-admin/domain";
import { useState } from "react";
import {
  type FieldBinding,
  type FormBindings,
  type FormSubmission,
  type SubscriptionFieldName,
  SubscriptionForm,
  type TaskFieldName,
  TaskForm,
} from "../src/index";

const noop = () => undefined;

/** Each control uncontrolled, starting from `defaults`, with `errors` beside it. */
function plainBindings<Name extends string>(
  defaults: Partial<Record<Name, string>>,
  errors: Partial<Record<Name, string>> = {},
  onChange: (name: Name, value: string) => void = noop,
): FormBindings<Name> {
  return {
    bind: (name): FieldBinding => ({
      name,
      defaultValue: defaults[name] ?? "",
      onChange: (event) => {
        onChange(name, event.currentTarget.value);
      },
      onBlur: noop,
      ref: noop,
    }),
    error: (name) => errors[name],
  };
}

/** Busy or not as the preview asks; Cancel as the modal's; a submit that stays on the page. */
function submissionOf(busy: boolean, onCancel: () => void): FormSubmission {
  return {
    busy,
    onSubmit: (event) => {
      event.preventDefault();
    },
    onCancel,
  };
}

export function PreviewTaskForm({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const [priority, setPriority] = useState<Priority>(DEFAULT_PRIORITY);
  const fields = plainBindings<TaskFieldName>(
    { frequency: DEFAULT_FREQUENCY, priority: DEFAULT_PRIORITY, assigned_to: ASSIGNEES[0] },
    {},
    (name, value) => {
      if (name === "priority") setPriority(value as Priority);
    },
  );
  return <TaskForm fields={fields} priority={priority} {...submissionOf(busy, onCancel)} />;
}

export function PreviewSubscriptionForm({
  busy,
  onCancel,
  withErrors = false,
}: {
  busy: boolean;
  onCancel: () => void;
  withErrors?: boolean;
}) {
  const [frequency, setFrequency] = useState<Frequency>(DEFAULT_FREQUENCY);
  const errors = withErrors
    ? {
        name: "Subscription name is required",
        cost: "Cost cannot be negative",
        cancel_link: "Cancel link must be a full web address starting with http:// or https://",
      }
    : {};
  const fields = plainBindings<SubscriptionFieldName>(
    { remind_me: DEFAULT_REMINDER_OPTION, assigned_to: ASSIGNEES[0] },
    errors,
  );
  return (
    <SubscriptionForm
      fields={fields}
      frequency={{
        name: "frequency",
        value: frequency,
        onChange: (value) => {
          setFrequency(value as Frequency);
        },
        onBlur: noop,
      }}
      {...submissionOf(busy, onCancel)}
    />
  );
}
