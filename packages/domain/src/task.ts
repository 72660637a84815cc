// spec 3: a task as the API returns it and as it is created.
import * as z from "zod/mini";
import { DEFAULT_FREQUENCY, DEFAULT_PRIORITY, FrequencySchema, PrioritySchema } from "./enums.js";
import { IdSchema } from "./id.js";
import { IsoDateTimeSchema } from "./iso-dates.js";
import { TASK_NOTES_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "./limits.js";
import { requiredVisibleText } from "./visible-text.js";

export const TaskSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** The notes written on create, under the spec's read name. */
  description: z.nullable(z.string()),
  due_date: IsoDateTimeSchema,
  category: z.nullable(z.string()),
  priority: PrioritySchema,
  completed: z.boolean(),
  frequency: FrequencySchema,
  notes: z.nullable(z.string()),
});
export type Task = z.infer<typeof TaskSchema>;

/** A task's notes when given (on create they may also be left out or null; the form reuses it). */
export const TaskNotesSchema = z.string({ error: "Notes must be text" }).check(
  z.maxLength(TASK_NOTES_MAX_LENGTH, {
    error: `Notes must be at most ${TASK_NOTES_MAX_LENGTH} characters`,
  }),
);

// spec 9: form defaults are frequency Daily and priority Medium; the API applies the same.
export const TaskCreateSchema = z.object({
  title: requiredVisibleText("Task title", TASK_TITLE_MAX_LENGTH),
  due_date: IsoDateTimeSchema,
  frequency: z._default(FrequencySchema, DEFAULT_FREQUENCY),
  priority: z._default(PrioritySchema, DEFAULT_PRIORITY),
  notes: z.nullish(TaskNotesSchema),
});
/** What a caller sends (defaults optional). */
export type TaskCreateInput = z.input<typeof TaskCreateSchema>;
/** What the server works with after validation (defaults applied, title trimmed). */
export type TaskCreate = z.output<typeof TaskCreateSchema>;
