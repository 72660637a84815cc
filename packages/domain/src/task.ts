// spec 3: a task as the API returns it and as it is created.
import * as z from "zod/mini";
import { DEFAULT_FREQUENCY, DEFAULT_PRIORITY, PrioritySchema } from "./enums.js";
import { IdSchema } from "./id.js";
import { IsoDateSchema, IsoDateTimeSchema } from "./iso-dates.js";
import {
  TASK_CATEGORY_MAX_LENGTH,
  TASK_NOTES_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./limits.js";
import { AnsweredIntervalSchema, RepeatIntervalSchema, TaskFrequencySchema } from "./recurrence.js";
import { FileIdSchema } from "./file-id.js";
import {
  hasOnlyTextControls,
  requiredVisibleText,
  singleLine,
  breaksAsSpace,
} from "./visible-text.js";

export const TaskSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** The notes written on create, under the spec's read name. */
  description: z.nullable(z.string()),
  due_date: IsoDateTimeSchema,
  category: z.nullable(z.string()),
  priority: PrioritySchema,
  completed: z.boolean(),
  /** decisions D9: "Once", or how often it comes back. */
  frequency: TaskFrequencySchema,
  /**
   * decisions D9: every how many of the frequency's units it comes back (2 with Weekly: every 2
   * weeks), 1 to 99; 1 for a task that happens once. The API always sends it.
   */
  interval: AnsweredIntervalSchema,
  /**
   * decisions D9: the last date its occurrences may fall on (the series ends there), or null when
   * it repeats with no end; always null for a task that happens once. Optional for answers from
   * before it was sent.
   */
  repeat_until: z.optional(z.nullable(z.string())),
  notes: z.nullable(z.string()),
  /**
   * Issue 21: the file it was made from (GET /files/{id}), or null. The API always sends it;
   * optional for answers from before files.
   */
  file_id: z.optional(z.nullable(IdSchema)),
  /**
   * decisions D9: the schedule's anchor (the date and time last set), from which every occurrence
   * is counted; read-only. Optional for answers from before it was sent.
   */
  repeats_from: z.optional(IsoDateTimeSchema),
  /**
   * Issue 23: whose it is. The API always sends it with the rest of its sharing (household.ts,
   * read with Family view); read with the entity too, so that My View can tell a record another
   * member assigned to the person from the person's own. Optional for answers from before it.
   */
  owner_id: z.optional(IdSchema),
});
export type Task = z.infer<typeof TaskSchema>;

/** A task's notes when given (on create they may also be left out or null; the form reuses it). */
export const TaskNotesSchema = /* @__PURE__ */ z.string({ error: "Notes must be text" }).check(
  z.maxLength(TASK_NOTES_MAX_LENGTH, {
    // A function, not a template: the bundler keeps a template's conversion of an unused schema.
    error: () => `Notes must be at most ${TASK_NOTES_MAX_LENGTH} characters`,
  }),
  // Notes keep their lines and tabs; no other control character (visible-text.ts).
  z.refine(hasOnlyTextControls, {
    error: "Notes cannot contain control characters other than line breaks and tabs: remove them",
  }),
);

/** A task's category when given (an edit may set it, or clear it with null). */
export const TaskCategorySchema = /* @__PURE__ */ z
  .string({ error: "Category must be text" })
  .check(
    // Marked pure too: a call in the arguments is kept even when the schema is not.
    /* @__PURE__ */ breaksAsSpace(),
    /* @__PURE__ */ singleLine("Category"),
    z.maxLength(TASK_CATEGORY_MAX_LENGTH, {
      error: () => `Category must be at most ${TASK_CATEGORY_MAX_LENGTH} characters`,
    }),
  );

const TaskTitleSchema = /* @__PURE__ */ requiredVisibleText("Task title", TASK_TITLE_MAX_LENGTH);

// spec 9: form defaults are frequency Daily and priority Medium; the API applies the same.
export const TaskCreateSchema = /* @__PURE__ */ z.object({
  title: TaskTitleSchema,
  due_date: IsoDateTimeSchema,
  frequency: z._default(TaskFrequencySchema, DEFAULT_FREQUENCY),
  /** decisions D9: 1 unless sent; stored as 1 for a task that happens once. */
  interval: z._default(RepeatIntervalSchema, 1),
  /**
   * decisions D9: the date the series ends on (its last occurrence falls on it or before), on or
   * after the due date's; null or left out: no end. Kept as null for a task that happens once.
   */
  repeat_until: z.nullish(IsoDateSchema),
  priority: z._default(PrioritySchema, DEFAULT_PRIORITY),
  notes: z.nullish(TaskNotesSchema),
  /** Issue 21: the person's own file it was made from. */
  file_id: z.nullish(FileIdSchema),
});
/** What a caller sends (defaults optional). */
export type TaskCreateInput = z.input<typeof TaskCreateSchema>;
/** What the server works with after validation (defaults applied, title trimmed). */
export type TaskCreate = z.output<typeof TaskCreateSchema>;

/**
 * An edit (PATCH /tasks/{task_id}): any of the fields, each by the rules of a create; a field left
 * out stays as it is, `notes` and `category` may be cleared with null. No defaults: an empty edit
 * changes nothing.
 */
// Marked pure, as TaskCategorySchema and TaskCompletionSchema: the API's, not the web app's first
// download's (issue 7's budget).
export const TaskUpdateSchema = /* @__PURE__ */ z.object({
  title: z.optional(TaskTitleSchema),
  notes: z.nullish(TaskNotesSchema),
  due_date: z.optional(IsoDateTimeSchema),
  frequency: z.optional(TaskFrequencySchema),
  interval: z.optional(RepeatIntervalSchema),
  /** A date ends the series there (an earlier one than the due date's ends it now); null: no end. */
  repeat_until: z.nullish(IsoDateSchema),
  priority: z.optional(PrioritySchema),
  category: z.nullish(TaskCategorySchema),
  file_id: z.nullish(FileIdSchema),
});
/** An edit as sent and as read: no field has a default to fill in. */
export type TaskUpdate = z.output<typeof TaskUpdateSchema>;

/**
 * The optional body of POST /tasks/{task_id}/complete: the occurrence the caller saw. When the
 * task has moved on since (another tab completed it), the completion is not made twice.
 */
export const TaskCompletionSchema = /* @__PURE__ */ z.object({
  due_date: z.optional(IsoDateTimeSchema),
});
export type TaskCompletion = z.output<typeof TaskCompletionSchema>;
