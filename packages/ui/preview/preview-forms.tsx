// The Add forms as the product draws them (TaskForm, SubscriptionForm), their controls holding
// plain values here instead of the web app's react-hook-form; given a record (issue 18), the same
// form edits it. Preview only: these forms submit nowhere.
import {
  ASSIGNEES,
  DEFAULT_FREQUENCY,
  DEFAULT_PRIORITY,
  DEFAULT_REMINDER_OPTION,
  type Frequency,
  type Priority,
  type TaskFrequency,
  currencySymbol,
  reminderText,
  type Subscription,
  type Task,
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
import { CURRENCY, LOCALE } from "../src/test/fixtures";

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

interface PreviewFormProps {
  busy: boolean;
  onCancel: () => void;
  /** An edit form's Delete (issue 18). */
  onDelete?: () => void;
}

/** Busy or not as the preview asks; Cancel as the modal's; a submit that stays on the page. */
function submissionOf({ busy, onCancel, onDelete }: PreviewFormProps): FormSubmission {
  return {
    busy,
    onSubmit: (event) => {
      event.preventDefault();
    },
    onCancel,
    // The preview edits its own records: an edit form has Delete.
    editing: onDelete !== undefined,
    onDelete,
  };
}

export function PreviewTaskForm({ task, ...form }: PreviewFormProps & { task?: Task }) {
  const [priority, setPriority] = useState<Priority>(task?.priority ?? DEFAULT_PRIORITY);
  const [frequency, setFrequency] = useState<TaskFrequency>(task?.frequency ?? DEFAULT_FREQUENCY);
  const [repeatEvery, setRepeatEvery] = useState(String(task?.interval ?? 1));
  const fields = plainBindings<TaskFieldName>(
    {
      title: task?.title,
      due_date: task?.due_date.slice(0, 10),
      time: task?.due_date.slice(11, 16),
      frequency,
      interval: repeatEvery,
      priority,
      assigned_to: ASSIGNEES[0],
      notes: task?.notes ?? undefined,
    },
    {},
    (name, value) => {
      if (name === "priority") setPriority(value as Priority);
      if (name === "frequency") setFrequency(value as TaskFrequency);
      if (name === "interval") setRepeatEvery(value);
    },
  );
  return (
    <TaskForm
      fields={fields}
      priority={priority}
      frequency={frequency}
      interval={repeatEvery}
      {...submissionOf(form)}
    />
  );
}

export function PreviewSubscriptionForm({
  subscription,
  withErrors = false,
  ...form
}: PreviewFormProps & { subscription?: Subscription; withErrors?: boolean }) {
  const [frequency, setFrequency] = useState<Frequency>(
    subscription?.frequency ?? DEFAULT_FREQUENCY,
  );
  const [repeatEvery, setRepeatEvery] = useState(String(subscription?.interval ?? 1));
  const errors = withErrors
    ? {
        name: "Subscription name is required",
        cost: "Cost cannot be negative",
        cancel_link: "Cancel link must be a full web address starting with http:// or https://",
      }
    : {};
  const fields = plainBindings<SubscriptionFieldName>(
    {
      name: subscription?.name,
      next_renewal_date: subscription?.next_renewal_date,
      cost: subscription?.cost.toFixed(2),
      remind_me: subscription
        ? reminderText(subscription.remind_days_before)
        : DEFAULT_REMINDER_OPTION,
      assigned_to: ASSIGNEES[0],
      interval: repeatEvery,
      cancel_link: subscription?.cancel_link ?? undefined,
    },
    errors,
    (name, value) => {
      if (name === "interval") setRepeatEvery(value);
    },
  );
  return (
    <SubscriptionForm
      fields={fields}
      currencySymbol={currencySymbol(CURRENCY, LOCALE)}
      frequency={{
        name: "frequency",
        value: frequency,
        onChange: (value) => {
          setFrequency(value as Frequency);
        },
        onBlur: noop,
      }}
      interval={repeatEvery}
      priority={subscription?.priority}
      {...submissionOf(form)}
    />
  );
}
