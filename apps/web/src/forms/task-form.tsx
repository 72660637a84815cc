// spec 2: the Task tab of Add New Task/Subscription, drawn by the ui's TaskFields and filled by
// react-hook-form. The fields' messages show beside them, all at once on submit.
import type { TaskCreate } from "@life-admin/domain";
import { ItemForm, TASK_SUBMIT_LABEL, TaskFields } from "@life-admin/ui";
import { useWatch } from "react-hook-form";
import type { AddFormProps } from "./add-form-props";
import { bindingsOf } from "./form-bindings";
import type { TaskFormValues } from "./task-form-schema";

export type TaskFormProps = AddFormProps<TaskFormValues, TaskCreate>;

export function TaskForm({ form, onSubmit, onCancel }: TaskFormProps) {
  const priority = useWatch({ control: form.control, name: "priority" });
  return (
    <ItemForm
      label="Add a task"
      submitLabel={TASK_SUBMIT_LABEL}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => {
        void form.handleSubmit(onSubmit)(event);
      }}
      onCancel={onCancel}
    >
      <TaskFields fields={bindingsOf(form)} priority={priority} />
    </ItemForm>
  );
}
