// issue 21: a task or subscription may name its source file (file_id), only one of its owner's:
// the database holds it to that (a foreign key on (file_id, user_id), drizzle/0009_files.sql), so
// a write that names another person's file, or none, fails there, in the same statement, whatever
// else happens meanwhile; this turns that failure into the 422 that names the field.
import { ValidationError } from "../errors/api-error.js";
import { brokenForeignKey } from "../errors/database-errors.js";

const FILE_OWNER_KEYS = new Set(["tasks_file_owner_fk", "subscriptions_file_owner_fk"]);

export const NOT_YOUR_FILE = "There is no file of yours with this id";

/** The result of `write`, or a 422 on body.file_id when it named a file that is not the user's. */
export async function linkingOwnFile<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const key = brokenForeignKey(error);
    if (key === null || !FILE_OWNER_KEYS.has(key)) throw error;
    throw new ValidationError([
      { loc: ["body", "file_id"], msg: NOT_YOUR_FILE, type: "value_error" },
    ]);
  }
}
