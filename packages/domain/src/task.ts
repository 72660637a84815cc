// spec 3: a task as the API returns it and as it is created.
import * as z from "zod";
import { FrequencySchema, PrioritySchema } from "./enums.js";
import { IdSchema } from "./id.js";
import { IsoDateTimeSchema } from "./iso-dates.js";
import { TASK_NOTES_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "./limits.js";

export const TaskSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** The notes written on create, under the spec's read name. */
  description: z.string().nullable(),
  due_date: IsoDateTimeSchema,
  category: z.string().nullable(),
  priority: PrioritySchema,
  completed: z.boolean(),
  frequency: FrequencySchema,
  notes: z.string().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

// spec 9: form defaults are frequency Daily and priority Medium; the API applies the same.
export const TaskCreateSchema = z.object({
  title: z
    .string({ error: "Task title is required" })
    .trim()
    .min(1, { error: "Task title is required" })
    .max(TASK_TITLE_MAX_LENGTH, {
      error: `Task title must be at most ${TASK_TITLE_MAX_LENGTH} characters`,
    }),
  due_date: IsoDateTimeSchema,
  frequency: FrequencySchema.default("Daily"),
  priority: PrioritySchema.default("Medium"),
  notes: z
    .string({ error: "Notes must be text" })
    .max(TASK_NOTES_MAX_LENGTH, {
      error: `Notes must be at most ${TASK_NOTES_MAX_LENGTH} characters`,
    })
    .nullish(),
});
/** What a caller sends (defaults optional). */
export type TaskCreateInput = z.input<typeof TaskCreateSchema>;
/** What the server works with after validation (defaults applied, title trimmed). */
export type TaskCreate = z.output<typeof TaskCreateSchema>;
