import { describe, expect, expectTypeOf, it } from "vitest";
import type { Priority } from "./enums.js";
import {
  TASK_CATEGORY_MAX_LENGTH,
  TASK_NOTES_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./limits.js";
import type { TaskFrequency } from "./recurrence.js";
import {
  type Task,
  type TaskCreate,
  type TaskCreateInput,
  type TaskUpdate,
  TaskCompletionSchema,
  TaskCreateSchema,
  TaskNotesSchema,
  TaskSchema,
  TaskUpdateSchema,
} from "./task.js";
import { issueMessages, makeTask } from "./test-support.js";

const DUE = "2026-03-01T09:00:00Z";

describe("TaskCreateSchema", () => {
  it("fills in frequency Daily and priority Medium when they are left out", () => {
    expect(TaskCreateSchema.parse({ title: "Renew passport", due_date: DUE })).toEqual({
      title: "Renew passport",
      due_date: DUE,
      frequency: "Daily",
      interval: 1,
      priority: "Medium",
    });
  });

  it("keeps every field the form sends", () => {
    const input = {
      title: "Pay rent",
      due_date: DUE,
      frequency: "Monthly",
      interval: 2,
      priority: "High",
      notes: "Standing order failed",
    } as const;
    expect(TaskCreateSchema.parse(input)).toEqual(input);
  });

  it("returns the title trimmed", () => {
    expect(TaskCreateSchema.parse({ title: "  Renew passport \n", due_date: DUE }).title).toBe(
      "Renew passport",
    );
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["only whitespace", " \t\n "],
  ])("rejects a title that is %s with 'Task title is required'", (_, title) => {
    expect(issueMessages(TaskCreateSchema, { title, due_date: DUE })).toEqual([
      "Task title is required",
    ]);
  });

  it("accepts a title of exactly the maximum length, not counting surrounding whitespace", () => {
    const title = "t".repeat(TASK_TITLE_MAX_LENGTH);
    expect(TaskCreateSchema.parse({ title: `  ${title}  `, due_date: DUE }).title).toBe(title);
  });

  it("rejects a title one character over the maximum length", () => {
    const title = "t".repeat(TASK_TITLE_MAX_LENGTH + 1);
    expect(issueMessages(TaskCreateSchema, { title, due_date: DUE })).toEqual([
      `Task title must be at most ${TASK_TITLE_MAX_LENGTH} characters`,
    ]);
  });

  it("allows notes to be absent or null", () => {
    expect(TaskCreateSchema.parse({ title: "a", due_date: DUE }).notes).toBeUndefined();
    expect(TaskCreateSchema.parse({ title: "a", due_date: DUE, notes: null }).notes).toBeNull();
  });

  it("accepts notes of exactly the maximum length and rejects one character more", () => {
    const atLimit = "n".repeat(TASK_NOTES_MAX_LENGTH);
    expect(TaskCreateSchema.parse({ title: "a", due_date: DUE, notes: atLimit }).notes).toBe(
      atLimit,
    );
    expect(
      issueMessages(TaskCreateSchema, { title: "a", due_date: DUE, notes: `${atLimit}n` }),
    ).toEqual([`Notes must be at most ${TASK_NOTES_MAX_LENGTH} characters`]);
  });

  it("rejects notes that are not text", () => {
    expect(issueMessages(TaskCreateSchema, { title: "a", due_date: DUE, notes: 5 })).toEqual([
      "Notes must be text",
    ]);
  });

  it.each(["2026-03-01T09:00:00Z", "2026-03-01T09:00:00+01:00", "2026-03-01T09:00:00.000Z"])(
    "accepts the due date %s",
    (due_date) => {
      expect(TaskCreateSchema.parse({ title: "a", due_date }).due_date).toBe(due_date);
    },
  );

  it.each(["2026-03-01", "2026-03-01T09:00", "2026-02-30T09:00:00Z", ""])(
    "rejects the due date %j with the date-time message",
    (due_date) => {
      expect(issueMessages(TaskCreateSchema, { title: "a", due_date })).toEqual([
        "Use a real date and time in the form 2026-01-31T09:00:00Z",
      ]);
    },
  );

  it("accepts a task that happens once (decisions D9), and keeps Daily as the default", () => {
    expect(TaskCreateSchema.parse({ title: "a", due_date: DUE, frequency: "Once" }).frequency).toBe(
      "Once",
    );
    expect(TaskCreateSchema.parse({ title: "a", due_date: DUE }).frequency).toBe("Daily");
  });

  it("rejects a frequency or priority not spelled as the API spells it", () => {
    expect(
      issueMessages(TaskCreateSchema, { title: "a", due_date: DUE, frequency: "daily" }),
    ).toHaveLength(1);
    expect(
      issueMessages(TaskCreateSchema, { title: "a", due_date: DUE, priority: "Urgent" }),
    ).toHaveLength(1);
  });

  it("lets callers leave the defaults out and gives servers them filled in", () => {
    expectTypeOf<TaskCreateInput["frequency"]>().toEqualTypeOf<TaskFrequency | undefined>();
    expectTypeOf<TaskCreate["frequency"]>().toEqualTypeOf<TaskFrequency>();
    expectTypeOf<TaskCreate["priority"]>().toEqualTypeOf<Priority>();
    expectTypeOf<TaskCreate["title"]>().toEqualTypeOf<string>();
  });
});

describe("TaskNotesSchema", () => {
  it("is the rule the create body applies to notes, for forms that always hold text", () => {
    const atLimit = "n".repeat(TASK_NOTES_MAX_LENGTH);
    expect(TaskNotesSchema.parse(atLimit)).toBe(atLimit);
    expect(TaskNotesSchema.parse("")).toBe("");
    expect(issueMessages(TaskNotesSchema, `${atLimit}n`)).toEqual([
      `Notes must be at most ${TASK_NOTES_MAX_LENGTH} characters`,
    ]);
  });

  it("rejects a missing or null value: only the create body may leave notes out", () => {
    expect(issueMessages(TaskNotesSchema, undefined)).toEqual(["Notes must be text"]);
    expect(issueMessages(TaskNotesSchema, null)).toEqual(["Notes must be text"]);
  });
});

describe("TaskSchema", () => {
  it("accepts a task as the API returns it", () => {
    const task = makeTask({
      description: "Photo booth first",
      category: "Travel",
      completed: true,
    });
    expect(TaskSchema.parse(task)).toEqual(task);
  });

  it.each([
    ["an id of 0", { id: 0 }],
    ["a fractional id", { id: 1.5 }],
    ["a due date without a time", { due_date: "2026-03-01" }],
    ["an unknown priority", { priority: "Urgent" }],
    ["an unknown frequency", { frequency: "Hourly" }],
    ["completed as text", { completed: "yes" }],
  ])("rejects a task with %s", (_, override) => {
    expect(TaskSchema.safeParse({ ...makeTask(), ...override }).success).toBe(false);
  });

  it("rejects a task that lacks a field", () => {
    const withoutCompleted: Partial<Task> = makeTask();
    delete withoutCompleted.completed;
    expect(TaskSchema.safeParse(withoutCompleted).success).toBe(false);
  });
});

describe("a task's interval (decisions D9)", () => {
  it("takes a whole number from 1 to 99, and refuses anything else by name", () => {
    const sent = (interval: unknown) => ({ title: "a", due_date: DUE, interval });
    expect(TaskCreateSchema.parse(sent(99)).interval).toBe(99);
    expect(TaskUpdateSchema.parse({ interval: 1 })).toEqual({ interval: 1 });
    expect(issueMessages(TaskCreateSchema, sent(0))).toEqual(["Repeat every must be at least 1"]);
    expect(issueMessages(TaskCreateSchema, sent(100))).toEqual(["Repeat every must be at most 99"]);
    expect(issueMessages(TaskUpdateSchema, { interval: 1.5 })).toEqual([
      "Repeat every must be a whole number",
    ]);
    expect(issueMessages(TaskUpdateSchema, { interval: "2" })).toEqual([
      "Repeat every must be a whole number",
    ]);
  });
});

describe("TaskUpdateSchema", () => {
  it("accepts an empty edit as changing nothing: no defaults are filled in", () => {
    expect(TaskUpdateSchema.parse({})).toEqual({});
  });

  it("keeps every field an edit sends, and null for notes and category (cleared)", () => {
    const edit = {
      title: "Pay rent",
      notes: null,
      due_date: DUE,
      frequency: "Once",
      priority: "Low",
      category: null,
    } as const;
    expect(TaskUpdateSchema.parse(edit)).toEqual(edit);
    expect(TaskUpdateSchema.parse({ category: "Home" })).toEqual({ category: "Home" });
  });

  it("applies the create's rules: the title trimmed and required, the due date an instant", () => {
    expect(TaskUpdateSchema.parse({ title: "  Pay rent " }).title).toBe("Pay rent");
    expect(issueMessages(TaskUpdateSchema, { title: " " })).toEqual(["Task title is required"]);
    expect(issueMessages(TaskUpdateSchema, { due_date: "2026-03-01" })).toEqual([
      "Use a real date and time in the form 2026-01-31T09:00:00Z",
    ]);
    expect(
      issueMessages(TaskUpdateSchema, { notes: "n".repeat(TASK_NOTES_MAX_LENGTH + 1) }),
    ).toEqual([`Notes must be at most ${TASK_NOTES_MAX_LENGTH} characters`]);
  });

  it("refuses null where a task must have a value: title, due date, frequency, priority", () => {
    for (const field of ["title", "due_date", "frequency", "priority"]) {
      expect(issueMessages(TaskUpdateSchema, { [field]: null }), field).toHaveLength(1);
    }
  });

  it("accepts a category of exactly the maximum length and rejects one character more", () => {
    const atLimit = "c".repeat(TASK_CATEGORY_MAX_LENGTH);
    expect(TaskUpdateSchema.parse({ category: atLimit }).category).toBe(atLimit);
    expect(issueMessages(TaskUpdateSchema, { category: `${atLimit}c` })).toEqual([
      `Category must be at most ${TASK_CATEGORY_MAX_LENGTH} characters`,
    ]);
  });

  it("types every field as optional on the way in and out", () => {
    expectTypeOf<TaskUpdate["frequency"]>().toEqualTypeOf<TaskFrequency | undefined>();
    expectTypeOf<TaskUpdate["notes"]>().toEqualTypeOf<string | null | undefined>();
  });
});

describe("TaskCompletionSchema", () => {
  it("takes the occurrence the caller saw, or nothing", () => {
    expect(TaskCompletionSchema.parse({})).toEqual({});
    expect(TaskCompletionSchema.parse({ due_date: DUE })).toEqual({ due_date: DUE });
    expect(issueMessages(TaskCompletionSchema, { due_date: "soon" })).toEqual([
      "Use a real date and time in the form 2026-01-31T09:00:00Z",
    ]);
  });
});
