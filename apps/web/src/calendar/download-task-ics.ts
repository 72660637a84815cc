// issue 19: "Download .ics": one task as an iCalendar file (GET /tasks/{id}/ics), saved by the
// browser under the name the API gives it (made from its title).
import type { LifeAdminClient } from "@life-admin/api-client";
import { calendarCalls } from "@life-admin/api-client/calendar";
import type { Task } from "@life-admin/domain";
import { saveFile } from "../data/save-file";

/** Downloads the task's .ics file; rejects with a message a person can read. */
export async function downloadTaskIcs(
  client: LifeAdminClient,
  task: Pick<Task, "id" | "title">,
): Promise<void> {
  let file: { fileName: string; text: string };
  try {
    file = await calendarCalls(client).taskIcs(task.id);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new Error(`Could not download “${task.title}” as an .ics file: ${reason}`, {
      cause: failure,
    });
  }
  // The name the API gives the file (apps/api/src/routes/calendar.ts, icsFileName).
  saveFile(new Blob([file.text], { type: "text/calendar" }), file.fileName);
}
