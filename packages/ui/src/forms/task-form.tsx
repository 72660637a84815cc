// spec 2: the Task tab of Add New Task/Subscription: Task Title, Due Date, Time, Frequency,
// Priority (with its "{priority} Priority" badge), Assigned To, Notes (Optional).
import { ASSIGNEES, FREQUENCIES, PRIORITIES, type Priority } from "@life-admin/domain";
import { PriorityBadge } from "../base/badge";
import { Select, TextArea, TextInput } from "../base/controls";
import { Field, FieldRow } from "../base/field";
import { TASK_SUBMIT_LABEL } from "../base/form-actions";
import type { FormBindings } from "./form-bindings";
import { type FormSubmission, ItemForm } from "./item-form";

export type TaskFieldName =
  "title" | "due_date" | "time" | "frequency" | "priority" | "assigned_to" | "notes";

export interface TaskFormProps extends FormSubmission {
  fields: FormBindings<TaskFieldName>;
  /** The priority chosen now, for the badge beside its label. */
  priority: Priority;
}

export function TaskForm({ fields: { bind, error }, priority, ...submission }: TaskFormProps) {
  return (
    <ItemForm label="Add a task" submitLabel={TASK_SUBMIT_LABEL} {...submission}>
      <Field label="Task Title" error={error("title")}>
        {(control) => (
          <TextInput
            {...control}
            {...bind("title")}
            placeholder="eg Renew car insurance"
            autoComplete="off"
            required
          />
        )}
      </Field>
      <FieldRow>
        <Field label="Due Date" error={error("due_date")}>
          {(control) => <TextInput {...control} {...bind("due_date")} type="date" required />}
        </Field>
        <Field label="Time" hint="Optional: 00:00 when empty" error={error("time")}>
          {(control) => <TextInput {...control} {...bind("time")} type="time" />}
        </Field>
      </FieldRow>
      <FieldRow>
        <Field label="Frequency" error={error("frequency")}>
          {(control) => <Select {...control} {...bind("frequency")} options={FREQUENCIES} />}
        </Field>
        <Field
          label="Priority"
          aside={<PriorityBadge priority={priority} />}
          error={error("priority")}
        >
          {(control) => <Select {...control} {...bind("priority")} options={PRIORITIES} />}
        </Field>
      </FieldRow>
      <Field label="Assigned To">
        {(control) => <Select {...control} {...bind("assigned_to")} options={ASSIGNEES} />}
      </Field>
      <Field label="Notes (Optional)" error={error("notes")}>
        {(control) => <TextArea {...control} {...bind("notes")} rows={3} />}
      </Field>
    </ItemForm>
  );
}
