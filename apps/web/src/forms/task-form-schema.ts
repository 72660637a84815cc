// spec 3, 5, 9 and decisions D6: the Add Task form: a date, an optional time, frequency,
// priority, notes; the body's due_date is built from the date and the time. issue 18: the same
// form edits a task, prefilled from it (taskFormValues), and a task may be "Once" (decisions D9).
// A recurring task repeats every so many of its frequency's units (Repeat every, 1 by default); one
// that happens once has no Repeat every on screen, and is sent with 1, as the API keeps it (what the
// hidden field holds is kept for a change back; item-dialog puts 1 in it when it would be refused).
// A recurring task may end on a date (Repeat until, empty for no end), not before its due date's;
// one that happens once is sent with none.
import {
  ASSIGNEES,
  AssigneeSchema,
  DEFAULT_FREQUENCY,
  DEFAULT_PRIORITY,
  PrioritySchema,
  type Task,
  TaskCreateSchema,
  TaskFrequencySchema,
  TaskNotesSchema,
  TimeOfDaySchema,
  buildDueDate,
  instantOf,
  isAllDay,
  keptInterval,
  keptRepeatUntil,
  REPEAT_UNTIL_BEFORE_DUE,
  repeatUntilProblem,
} from "@life-admin/domain/forms";
import { IsoDateSchema } from "@life-admin/domain";
import * as z from "zod/mini";
import { RepeatEverySchema, formSchema, requiredDate } from "./form-rules";

/** The fields Repeat until is checked against: it waits for them, not for the others. */
const END_SOURCES = ["due_date", "time", "frequency"] as const;

const END_READS: ReadonlySet<PropertyKey | undefined> = new Set([...END_SOURCES, "repeat_until"]);

/** Each of them changed checks Repeat until again (form-bindings' dependents). */
export const TASK_FIELD_DEPENDENTS = Object.fromEntries(
  END_SOURCES.map((field) => [field, ["repeat_until" as const]]),
);

const taskFields = z.object({
  title: TaskCreateSchema.shape.title,
  due_date: requiredDate("Due date is required"),
  // spec 5: time is optional; empty means 00:00 (spec 9).
  time: z.union([z.literal(""), TimeOfDaySchema]),
  frequency: TaskFrequencySchema,
  // Checked as a field of its own, so that its message shows with the others' at once (a check
  // on the whole form would wait for the title: zod skips it after the title's aborting rule).
  interval: RepeatEverySchema,
  // Empty: no end.
  repeat_until: z.union([z.literal(""), IsoDateSchema]),
  priority: PrioritySchema,
  assigned_to: AssigneeSchema,
  notes: TaskNotesSchema,
});

/** The end as sent: none for a task that happens once, or when left empty. */
const endOf = (form: z.output<typeof taskFields>) =>
  keptRepeatUntil(form.frequency, form.repeat_until === "" ? null : form.repeat_until);

/**
 * The task form's schema. `ended`: the task edited is a series that has ended (completed, its due
 * date past its end: `until`, as its form starts), whose form may keep that end before its date, or
 * move it earlier; a later one that still comes before its date would open nothing, and is refused
 * as a new or pending task's end before its date is (the API refuses a new one so, and an edit
 * would end a pending one unasked).
 */
export function taskFormSchema(ended?: { until: string }) {
  const keeps = (until: string) => ended !== undefined && until <= ended.until;
  return formSchema(
    taskFields.check(
      z.refine(
        (form) =>
          keeps(form.repeat_until) ||
          repeatUntilProblem(buildDueDate(form.due_date, form.time), endOf(form)) === null,
        {
          path: ["repeat_until"],
          error: REPEAT_UNTIL_BEFORE_DUE,
          // With the other fields' messages once the fields it reads are good (a rule that ends
          // the parse, the title's, still holds it back: zod runs no check of the form after it).
          when: ({ issues }) => !issues.some((issue) => END_READS.has(issue.path?.[0])),
        },
      ),
    ),
    (form) => ({
      title: form.title,
      due_date: buildDueDate(form.due_date, form.time),
      frequency: form.frequency,
      interval: keptInterval(form.frequency, form.interval),
      repeat_until: endOf(form),
      priority: form.priority,
      notes: form.notes.trim() === "" ? null : form.notes,
    }),
    TaskCreateSchema,
  );
}

/** The form of a new or pending task. */
export const TaskFormSchema = taskFormSchema();

export type TaskFormValues = z.input<typeof TaskFormSchema>;

/** spec 3, 9: priority Medium, frequency Daily, time 00:00 when left empty. */
export const TASK_FORM_DEFAULTS: TaskFormValues = {
  title: "",
  due_date: "",
  time: "",
  frequency: DEFAULT_FREQUENCY,
  interval: "1",
  repeat_until: "",
  priority: DEFAULT_PRIORITY,
  assigned_to: ASSIGNEES[0],
  notes: "",
};

/**
 * A task as its edit form starts: the date and the time of its due date in UTC, as the person
 * typed them (decisions D6), and its notes. issue 21: also a task read from a document. A task
 * due at 00:00 is one without a time ("All day" on the dashboard), so its Time starts empty, as
 * the field's hint says, not "12:00 AM"; saved again, it is the same due date.
 */
export function taskFormValues(
  task: Pick<Task, "title" | "due_date" | "frequency" | "interval" | "priority"> & {
    notes?: string | null;
    repeat_until?: string | null | undefined;
  },
): TaskFormValues {
  const dueMs = instantOf(task.due_date);
  const due = new Date(dueMs).toISOString();
  return {
    ...TASK_FORM_DEFAULTS,
    title: task.title,
    due_date: due.slice(0, 10),
    time: isAllDay(dueMs) ? "" : due.slice(11, 16),
    frequency: task.frequency,
    // A task read from before intervals repeats every 1 (domain repeatOf).
    interval: String(task.interval ?? 1),
    repeat_until: task.repeat_until ?? "",
    priority: task.priority,
    notes: task.notes ?? "",
  };
}
