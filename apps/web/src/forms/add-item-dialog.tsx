// spec 2, 4: Add New Task/Subscription. The tab decides which form is submitted; on submit the
// banner is cleared and the primary button reads "Adding..."; success hands the created record to
// the dashboard and closes the modal, failure shows the server's or the client's message above
// the form and keeps what was typed. Loaded (with react-hook-form and the resolvers) when the
// modal is first opened.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Subscription, Task } from "@life-admin/domain";
import { AddItemModal, type AddItemTab, SubscriptionForm, TaskForm } from "@life-admin/ui";
import { useState } from "react";
import { useController, useForm, useWatch } from "react-hook-form";
import { useCreateSubscription } from "../data/use-create-subscription";
import { useCreateTask } from "../data/use-create-task";
import { bindingsOf, submissionOf } from "./form-bindings";
import { SUBSCRIPTION_FORM_DEFAULTS, SubscriptionFormSchema } from "./subscription-form-schema";
import { TASK_FORM_DEFAULTS, TaskFormSchema } from "./task-form-schema";

export interface AddItemDialogProps {
  open: boolean;
  /** Cancel, Escape, the overlay, the Close button, and a successful save. */
  onClose: () => void;
  /** The task the API created, before the modal closes. */
  onTaskCreated: (task: Task) => void;
  onSubscriptionCreated: (subscription: Subscription) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function AddItemDialog({
  open,
  onClose,
  onTaskCreated,
  onSubscriptionCreated,
}: AddItemDialogProps) {
  const createTask = useCreateTask();
  const createSubscription = useCreateSubscription();
  // spec 3: the form type starts on Task.
  const [tab, setTab] = useState<AddItemTab>("task");
  const [error, setError] = useState<string | null>(null);
  // The forms live here, above the tabs, so switching tabs keeps what was typed in each.
  const taskForm = useForm({
    resolver: zodResolver(TaskFormSchema),
    defaultValues: TASK_FORM_DEFAULTS,
  });
  const subscriptionForm = useForm({
    resolver: zodResolver(SubscriptionFormSchema),
    defaultValues: SUBSCRIPTION_FORM_DEFAULTS,
  });
  // The task's priority shows in its badge; spec 2: both Frequency selects show one value.
  const priority = useWatch({ control: taskForm.control, name: "priority" });
  const { field: frequency } = useController({
    control: subscriptionForm.control,
    name: "frequency",
  });

  /** The next opening starts afresh. */
  const close = () => {
    taskForm.reset();
    subscriptionForm.reset();
    setError(null);
    setTab("task");
    onClose();
  };

  async function save<Created>(
    create: () => Promise<Created>,
    created: (record: Created) => void,
  ): Promise<void> {
    setError(null);
    try {
      created(await create());
      close();
    } catch (failure) {
      // spec 8: the message in the banner, the error in the console.
      console.error(failure);
      setError(messageOf(failure));
    }
  }

  return (
    <AddItemModal
      open={open}
      onClose={close}
      tab={tab}
      onTabChange={setTab}
      error={error}
      taskForm={
        <TaskForm
          fields={bindingsOf(taskForm)}
          priority={priority}
          {...submissionOf(taskForm, (body) => save(() => createTask(body), onTaskCreated), close)}
        />
      }
      subscriptionForm={
        <SubscriptionForm
          fields={bindingsOf(subscriptionForm)}
          frequency={frequency}
          {...submissionOf(
            subscriptionForm,
            (body) => save(() => createSubscription(body), onSubscriptionCreated),
            close,
          )}
        />
      }
    />
  );
}
