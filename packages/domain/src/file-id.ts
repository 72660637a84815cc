// Issue 21: a task's or subscription's source file, as a create or an edit names it (a leaf module:
// task.ts and subscription.ts import it, and stored-file.ts imports them through the proposal).
import * as z from "zod/mini";

/**
 * A task's or subscription's source file, on create and edit: one of the person's own files, or
 * null for none (an edit clears it with null).
 */
export const FileIdSchema = /* @__PURE__ */ z
  .number({ error: "File id must be a number" })
  .check(
    z.int({ error: "File id must be a whole number" }),
    z.positive({ error: "File id must be positive" }),
  );
