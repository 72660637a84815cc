// spec 3, 5, 9 and decisions D6: what the Task form's values become, and what it refuses.
import { describe, expect, it } from "vitest";
import { formMessages } from "../test/form-messages";
import {
  TASK_FORM_DEFAULTS,
  TaskFormSchema,
  taskFormSchema,
  taskFormValues,
} from "./task-form-schema";

const valid = { ...TASK_FORM_DEFAULTS, title: "Renew passport", due_date: "2026-02-28" };

const messages = (values: unknown) => formMessages(TaskFormSchema, values);

describe("TaskFormSchema", () => {
  it("builds the API body with due_date {date}T{time}:00Z", () => {
    expect(TaskFormSchema.parse({ ...valid, time: "23:59", notes: "Photos" })).toEqual({
      title: "Renew passport",
      due_date: "2026-02-28T23:59:00Z",
      frequency: "Daily",
      interval: 1,
      repeat_until: null,
      priority: "Medium",
      notes: "Photos",
    });
  });

  it("defaults the time to 00:00 and sends blank notes as null", () => {
    expect(TaskFormSchema.parse({ ...valid, notes: "  " })).toMatchObject({
      due_date: "2026-02-28T00:00:00Z",
      notes: null,
    });
  });

  it("trims the title as the API does", () => {
    expect(TaskFormSchema.parse({ ...valid, title: "  Dentist  " }).title).toBe("Dentist");
  });

  it("names every missing required field at once", () => {
    expect(messages(TASK_FORM_DEFAULTS)).toEqual({
      title: "Task title is required",
      due_date: "Due date is required",
    });
  });

  it("names a bad Repeat every at once with the other fields' messages", () => {
    expect(messages({ ...TASK_FORM_DEFAULTS, frequency: "Weekly", interval: "0" })).toEqual({
      title: "Task title is required",
      due_date: "Due date is required",
      interval: "Repeat every must be at least 1",
    });
  });

  it("refuses an impossible date and a time that is not HH:mm", () => {
    const found = messages({ ...valid, due_date: "2026-02-30", time: "25:00" });
    expect(Object.keys(found).sort()).toEqual(["due_date", "time"]);
  });

  it("sends how often a recurring task comes back: Repeat every 2 with Weekly is every 2 weeks", () => {
    expect(TaskFormSchema.parse({ ...valid, frequency: "Weekly", interval: "2" })).toMatchObject({
      frequency: "Weekly",
      interval: 2,
    });
  });

  it.each([
    ["0", "Repeat every must be at least 1"],
    ["100", "Repeat every must be at most 99"],
    ["2.5", "Repeat every must be a whole number"],
    ["", "Repeat every is required"],
    [" ", "Repeat every is required"],
    ["two", "Repeat every must be a whole number"],
  ])("refuses Repeat every %j in the domain's words: %s", (interval, message) => {
    expect(messages({ ...valid, frequency: "Monthly", interval })).toEqual({ interval: message });
  });

  it("sends every 1 for a task that happens once, whatever its hidden Repeat every holds", () => {
    expect(TaskFormSchema.parse({ ...valid, frequency: "Once", interval: "3" }).interval).toBe(1);
  });

  it("sends Repeat until as the series' end, and none when empty or for a task that happens once", () => {
    const weekly = { ...valid, frequency: "Weekly" };
    expect(TaskFormSchema.parse({ ...weekly, repeat_until: "2026-06-30" }).repeat_until).toBe(
      "2026-06-30",
    );
    expect(TaskFormSchema.parse(weekly).repeat_until).toBeNull();
    const once = { ...valid, frequency: "Once", repeat_until: "2026-06-30" };
    expect(TaskFormSchema.parse(once).repeat_until).toBeNull();
  });

  it("refuses a Repeat until before the due date, beside it", () => {
    const early = { ...valid, frequency: "Daily", repeat_until: "2026-02-27" };
    expect(messages(early)).toEqual({
      repeat_until: "Repeat until must be on or after the due date",
    });
    // With a bad Repeat every too: both at once.
    expect(messages({ ...early, interval: "0" })).toEqual({
      interval: "Repeat every must be at least 1",
      repeat_until: "Repeat until must be on or after the due date",
    });
    // The due date's own day is its last.
    expect(messages({ ...early, repeat_until: valid.due_date })).toEqual({});
    expect(messages({ ...early, repeat_until: "2026-02-31" })).toEqual({
      repeat_until: "Use a real date in the form 2026-01-31",
    });
  });

  it("lets an ended series' form keep its end before its date, or move it earlier, not later short of it", () => {
    const ended = { ...valid, frequency: "Daily", repeat_until: "2026-02-25" };
    const schema = taskFormSchema({ until: "2026-02-25" });
    expect(schema.parse(ended).repeat_until).toBe("2026-02-25");
    expect(schema.parse({ ...ended, repeat_until: "2026-02-20" }).repeat_until).toBe("2026-02-20");
    // Later, but still before its next date (28 February): it would open nothing.
    expect(formMessages(schema, { ...ended, repeat_until: "2026-02-27" })).toEqual({
      repeat_until: "Repeat until must be on or after the due date",
    });
    expect(schema.parse({ ...ended, repeat_until: "2026-02-28" }).repeat_until).toBe("2026-02-28");
  });

  it("refuses a priority or frequency the API does not know", () => {
    expect(
      Object.keys(messages({ ...valid, priority: "Urgent", frequency: "Hourly" })).sort(),
    ).toEqual(["frequency", "priority"]);
  });
});

describe("taskFormValues", () => {
  const task = { title: "Renew passport", frequency: "Once", priority: "High" } as const;

  it("starts an all-day task's edit form with an empty Time, not 12:00 AM", () => {
    const values = taskFormValues({ ...task, due_date: "2026-12-03T00:00:00Z" });
    expect(values).toMatchObject({ due_date: "2026-12-03", time: "" });
    // Saved again unchanged, it is the very same due date.
    expect(TaskFormSchema.parse(values).due_date).toBe("2026-12-03T00:00:00Z");
  });

  it("starts Repeat every at the task's interval, and at 1 for a task read from before it", () => {
    const due = { ...task, frequency: "Weekly", due_date: "2026-12-03T00:00:00Z" } as const;
    expect(taskFormValues({ ...due, interval: 2 }).interval).toBe("2");
    expect(taskFormValues(due).interval).toBe("1");
  });

  it("keeps a task's time of day as it was typed", () => {
    expect(taskFormValues({ ...task, due_date: "2026-12-03T14:30:00Z" })).toMatchObject({
      due_date: "2026-12-03",
      time: "14:30",
    });
  });
});
