// spec 3, 5, 9 and decisions D6: the Add Task form. The form holds what the inputs hold (strings:
// a date, a time, ...); the schema checks each field with the domain's rules, so every message
// shows at once beside its field, then builds the API body and checks it with TaskCreateSchema.
import {
  FrequencySchema,
  IsoDateSchema,
  PrioritySchema,
  TaskCreateSchema,
  type TaskCreateInput,
  TaskNotesSchema,
  buildDueDate,
} from "@life-admin/domain";
import * as z from "zod/mini";

/** spec 6: Assigned To offers only "Myself" (not sent). */
export const ASSIGNEES = ["Myself"] as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const TaskFormFields = z.object({
  title: TaskCreateSchema.shape.title,
  due_date: z.pipe(
    z.string().check(z.minLength(1, { error: "Due date is required" })),
    IsoDateSchema,
  ),
  // spec 5: time is optional; empty means 00:00 (spec 9).
  time: z.union([
    z.literal(""),
    z.string().check(z.regex(TIME_OF_DAY, { error: "Use a time like 09:30" })),
  ]),
  frequency: FrequencySchema,
  priority: PrioritySchema,
  assigned_to: z.enum(ASSIGNEES),
  notes: TaskNotesSchema,
});

export const TaskFormSchema = z.pipe(
  z.pipe(
    TaskFormFields,
    z.transform((form: z.output<typeof TaskFormFields>): TaskCreateInput => ({
      title: form.title,
      due_date: buildDueDate(form.due_date, form.time),
      frequency: form.frequency,
      priority: form.priority,
      notes: form.notes.trim() === "" ? null : form.notes,
    })),
  ),
  TaskCreateSchema,
);

export type TaskFormValues = z.input<typeof TaskFormSchema>;

/** spec 3, 9: priority Medium, frequency Daily, time 00:00 when left empty. */
export const TASK_FORM_DEFAULTS: TaskFormValues = {
  title: "",
  due_date: "",
  time: "",
  frequency: "Daily",
  priority: "Medium",
  assigned_to: "Myself",
  notes: "",
};
