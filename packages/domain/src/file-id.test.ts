import { describe, expect, it } from "vitest";
import { StoredFileSchema } from "./stored-file.js";
import { SubscriptionCreateSchema, SubscriptionUpdateSchema } from "./subscription.js";
import { TaskCreateSchema, TaskUpdateSchema } from "./task.js";
import { issueMessages } from "./test-support.js";

const TASK = { title: "Pay the water bill", due_date: "2026-03-01T09:00:00Z" };
const SUBSCRIPTION = { name: "Netflix", next_renewal_date: "2026-03-01", cost: 12.99 };

describe("a task's or subscription's source file (issue 21)", () => {
  it("is taken on create and edit, and cleared on edit with null", () => {
    expect(TaskCreateSchema.parse({ ...TASK, file_id: 4 }).file_id).toBe(4);
    expect(SubscriptionCreateSchema.parse({ ...SUBSCRIPTION, file_id: 4 }).file_id).toBe(4);
    expect(TaskCreateSchema.parse(TASK)).not.toHaveProperty("file_id");
    expect(TaskUpdateSchema.parse({ file_id: null })).toEqual({ file_id: null });
    expect(SubscriptionUpdateSchema.parse({ file_id: 9 })).toEqual({ file_id: 9 });
  });

  it("must be a positive whole number, saying so", () => {
    expect(issueMessages(TaskCreateSchema, { ...TASK, file_id: "4" })).toEqual([
      "File id must be a number",
    ]);
    expect(issueMessages(TaskUpdateSchema, { file_id: 1.5 })).toEqual([
      "File id must be a whole number",
    ]);
    expect(issueMessages(SubscriptionUpdateSchema, { file_id: 0 })).toEqual([
      "File id must be positive",
    ]);
  });
});

describe("StoredFileSchema", () => {
  const file = {
    id: 3,
    name: "bill.pdf",
    content_type: "application/pdf",
    size: 1234,
    created_at: "2026-11-25T10:00:00.123Z",
    status: "reading",
    proposal: null,
    error: null,
  };

  it("takes a file being read, and one that could not be read with its reason", () => {
    expect(StoredFileSchema.parse(file)).toEqual(file);
    const unreadable = { ...file, status: "unreadable", error: "This PDF is damaged." };
    expect(StoredFileSchema.parse(unreadable)).toEqual(unreadable);
  });

  it("refuses a content type other than the five the server stores", () => {
    expect(StoredFileSchema.safeParse({ ...file, content_type: "text/html" }).success).toBe(false);
  });
});
