// spec 2: the Task tab of Add New Task/Subscription: Task Title, Due Date, Time, Frequency,
// Priority (with its "{priority} Priority" badge), Assigned To, Notes (Optional). The fields'
// messages show beside them; `required` is kept for assistive technology, while the form's own
// validation (noValidate) decides what is shown.
import type { TaskCreate } from "@life-admin/domain";
import { FREQUENCIES, PRIORITIES } from "@life-admin/domain";
import {
  Field,
  FieldRow,
  FieldStack,
  FormActions,
  PriorityBadge,
  Select,
  TASK_SUBMIT_LABEL,
  TextArea,
  TextInput,
} from "@life-admin/ui";
import { useWatch } from "react-hook-form";
import type { AddFormProps } from "./add-form-props";
import { ASSIGNEES, type TaskFormValues } from "./task-form-schema";

export type TaskFormProps = AddFormProps<TaskFormValues, TaskCreate>;

export function TaskForm({ form, onSubmit, onCancel }: TaskFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const priority = useWatch({ control, name: "priority" });

  return (
    <form
      aria-label="Add a task"
      noValidate
      onSubmit={(event) => {
        void handleSubmit(onSubmit)(event);
      }}
    >
      <FieldStack>
        <Field label="Task Title" error={errors.title?.message}>
          {(control) => (
            <TextInput
              {...control}
              {...register("title")}
              placeholder="eg Renew car insurance"
              autoComplete="off"
              required
            />
          )}
        </Field>
        <FieldRow>
          <Field label="Due Date" error={errors.due_date?.message}>
            {(control) => <TextInput {...control} {...register("due_date")} type="date" required />}
          </Field>
          <Field label="Time" hint="Optional: 00:00 when empty" error={errors.time?.message}>
            {(control) => <TextInput {...control} {...register("time")} type="time" />}
          </Field>
        </FieldRow>
        <FieldRow>
          <Field label="Frequency" error={errors.frequency?.message}>
            {(control) => <Select {...control} {...register("frequency")} options={FREQUENCIES} />}
          </Field>
          <Field
            label="Priority"
            aside={<PriorityBadge priority={priority} />}
            error={errors.priority?.message}
          >
            {(control) => <Select {...control} {...register("priority")} options={PRIORITIES} />}
          </Field>
        </FieldRow>
        <Field label="Assigned To">
          {(control) => <Select {...control} {...register("assigned_to")} options={ASSIGNEES} />}
        </Field>
        <Field label="Notes (Optional)" error={errors.notes?.message}>
          {(control) => <TextArea {...control} {...register("notes")} rows={3} />}
        </Field>
        <FormActions submitLabel={TASK_SUBMIT_LABEL} busy={isSubmitting} onCancel={onCancel} />
      </FieldStack>
    </form>
  );
}
